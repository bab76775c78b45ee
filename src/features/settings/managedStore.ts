// The managed-settings store, over the window's bridge.
import { call } from '../../platform/api';
import { createManagedStore } from './createManagedStore';

export const useManaged = createManagedStore(call);
