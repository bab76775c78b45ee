// The app's inbox store, over the window's bridge.
import { call } from '../../platform/api';
import { createInboxStore } from './createInboxStore';

export type { InboxState } from './createInboxStore';

export const useInbox = createInboxStore(call);
