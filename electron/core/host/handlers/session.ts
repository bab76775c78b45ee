// Signing in and out. The sign-in window is the host's (it alone can open one and read the
// cookie it ends with); the token it returns is checked like a pasted one.
import type { SessionStatus } from '../../../contract';
import { AssistantError } from '../../errors';
import { coreWords } from '../../i18n/words';
import type { ServiceTarget } from '../../service';
import type { SessionService, SessionState } from '../../session';
import type { Handlers } from '../dispatcher';
import { originOf } from '../../security/app-origin';

export type SessionRequest =
  'session.status' | 'session.signIn' | 'session.setToken' | 'session.signOut';

export interface SessionHandlerOptions {
  session: SessionService;
  target: () => ServiceTarget;
  /** The status the renderer sees (the state plus whether a window can sign in). */
  status: (state?: SessionState) => SessionStatus;
  /** The host's sign-in window; see BackendOptions.openSignInWindow. */
  openSignInWindow?: (signInUrl: string, serviceOrigin: string) => Promise<string | undefined>;
  /** Sign-out: what the service told this user goes with the session. */
  forgetUserData(): Promise<void>;
}

function notSupported(message: string): AssistantError {
  return new AssistantError({ kind: 'invalid_input', code: 'not_supported', message });
}

export function createSessionHandlers(
  options: SessionHandlerOptions,
): Pick<Handlers, SessionRequest> {
  const { session, status } = options;
  return {
    'session.status': () => status(),
    'session.signIn': async () => {
      if (!options.openSignInWindow) {
        throw notSupported(coreWords().t('errors.signIn.windowUnavailable'));
      }
      const target = options.target();
      if (target.signInUrl === undefined) {
        throw notSupported(coreWords().t('errors.signIn.noPage'));
      }
      const origin = originOf(target.baseUrl);
      if (origin === undefined) throw notSupported(coreWords().t('errors.signIn.invalidAddress'));
      // The window is bound to the service it was opened for: the cookie it ends with is kept
      // for that origin only, and refused if another service is in use by then.
      const token = await options.openSignInWindow(target.signInUrl, origin);
      if (token === undefined) return status();
      return status(await session.setToken(token, { origin }));
    },
    'session.setToken': async ({ token }) => status(await session.setToken(token)),
    'session.signOut': async () => {
      const state = await session.signOut();
      await options.forgetUserData();
      return status(state);
    },
  };
}
