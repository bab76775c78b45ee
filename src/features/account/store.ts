// The app's account store, over the window's bridge and the app's host store.
import { call } from '../../platform/api';
import { useHost } from '../../platform/hostStore';
import { createAccountStore } from './createAccountStore';

export type { AccountState, SessionActionState } from './createAccountStore';

export const useAccount = createAccountStore(call, useHost);
