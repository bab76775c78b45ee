// Signing in and out: the session actions (the sign-in window, a pasted token, signing out) and
// the sign-in dialog. The session they answer with goes to the host store, where the rest of
// the app reads it.
import { create } from 'zustand';
import type { StoreApi } from 'zustand';
import type { ErrorData, SessionStatus } from '../../../electron/contract';
import type { HostState } from '../../platform/createHostStore';
import { toErrorData } from '../../platform/requests';
import type { Call } from '../../platform/requests';

export interface SessionActionState {
  pending: boolean;
  error?: ErrorData;
}

export interface AccountState {
  sessionAction: SessionActionState;
  /** The sign-in dialog: a token to paste, or the sign-in window where the host can open one. */
  signInOpen: boolean;
  setSignInOpen(open: boolean): void;
  signIn(): Promise<boolean>;
  setToken(token: string): Promise<boolean>;
  signOut(): Promise<void>;
  /** Signs in the way this host can: its sign-in window, else (or if that failed) the dialog. */
  startSignIn(): Promise<void>;
}

type Host = Pick<StoreApi<HostState>, 'getState' | 'setState'>;

export function createAccountStore(call: Call, host: Host) {
  return create<AccountState>((set, get) => {
    async function sessionCall(action: () => Promise<SessionStatus>): Promise<boolean> {
      set({ sessionAction: { pending: true } });
      try {
        const session = await action();
        host.setState({ session });
        set({ sessionAction: { pending: false } });
        return true;
      } catch (error) {
        set({ sessionAction: { pending: false, error: toErrorData(error) } });
        return false;
      }
    }
    return {
      sessionAction: { pending: false },
      signInOpen: false,
      setSignInOpen: (open) => set({ signInOpen: open }),
      signIn: () => sessionCall(() => call('session.signIn', {})),
      setToken: (token) => sessionCall(() => call('session.setToken', { token })),
      async signOut() {
        await sessionCall(() => call('session.signOut', {}));
      },
      async startSignIn() {
        if (host.getState().session?.canSignInWithWindow && (await get().signIn())) return;
        set({ signInOpen: true });
      },
    };
  });
}
