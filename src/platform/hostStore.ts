// The app's host store, over the window's bridge.
import { call } from './api';
import { createHostStore } from './createHostStore';

export type { HostState } from './createHostStore';

export const useHost = createHostStore(call, { browserOffline: navigator.onLine === false });
