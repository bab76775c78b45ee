// The session: the one place core holds the `sb-access-token` value. It is the API client's
// SessionProvider, turns an `unauthorized` answer into "session expired" (runs stay parked until
// the user signs in again), checks a new token with the service before accepting it, and forgets
// it everywhere on sign-out. The token never leaves this module except as the cookie header the
// API client builds; what the rest of the app sees is a SessionStatus.
import type { SessionStatus } from '../../contract';
import type { SessionProvider } from '../api/config';
import { SESSION_COOKIE } from '../api/config';
import { AssistantError } from '../errors';
import type { Logger } from '../logs/logger';
import type { SecretRegistry } from '../logs/redact';
import type { SecretStore } from './secret-store';

export type SessionState = Omit<SessionStatus, 'canSignInWithWindow'>;

export interface SessionServiceOptions {
  store: SecretStore;
  secrets: SecretRegistry;
  log: Logger;
  /**
   * Asks the service whether `token` works (GET metadata with it). Resolves when it does; throws
   * an AssistantError otherwise (`unauthorized` when the service refused it).
   */
  verify(token: string): Promise<void>;
}

export interface SessionService {
  /** For the API client and the run streams. */
  readonly provider: SessionProvider;
  /** Loads a stored session; a value that no longer decrypts means signed out, with a notice. */
  init(): Promise<{ problem?: string }>;
  state(): SessionState;
  /** Verifies and keeps a token (pasted, from the sign-in window). A refused token changes nothing. */
  setToken(raw: string): Promise<SessionState>;
  /** Keeps a token without asking the service first (browser mode's configured token). */
  adopt(token: string, options: { persist: boolean }): Promise<void>;
  signOut(): Promise<SessionState>;
  /** Called on every change (signed in, expired, signed out). */
  subscribe(listener: (state: SessionState, change: SessionChange) => void): () => void;
}

export type SessionChange = 'signed-in' | 'expired' | 'signed-out';

/** Accepts the bare value or a pasted `sb-access-token=<value>` (as copied from a cookie list). */
export function normaliseToken(raw: string): string {
  let value = raw.trim();
  const prefix = `${SESSION_COOKIE}=`;
  if (value.toLowerCase().startsWith(prefix)) value = value.slice(prefix.length);
  const semicolon = value.indexOf(';');
  if (semicolon >= 0) value = value.slice(0, semicolon);
  return value.trim();
}

export function createSessionService(options: SessionServiceOptions): SessionService {
  const { store, secrets, log } = options;
  let token: string | undefined;
  let expired = false;
  /** Set when saving to the store failed: the session then lives in memory only. */
  let storageProblem: string | undefined;
  const listeners = new Set<(state: SessionState, change: SessionChange) => void>();

  const state = (): SessionState => {
    const memoryOnly = store.kind === 'memory-only' || storageProblem !== undefined;
    const reason = storageProblem ?? store.reason;
    return {
      signedIn: token !== undefined && !expired,
      expired,
      storage: memoryOnly ? 'memory-only' : 'encrypted',
      ...(memoryOnly && reason ? { storageReason: reason } : {}),
    };
  };

  const notify = (change: SessionChange) => {
    const current = state();
    for (const listener of [...listeners]) {
      try {
        listener(current, change);
      } catch (error) {
        log.error('A session listener failed', { error });
      }
    }
  };

  const persist = async (value: string) => {
    try {
      await store.save(value);
      storageProblem = undefined;
    } catch (error) {
      storageProblem = 'The session could not be saved securely, so it is kept in memory only.';
      log.warn('Could not save the session; keeping it in memory only', { error });
    }
  };

  const keep = async (value: string, persistIt: boolean) => {
    secrets.add(value);
    token = value;
    expired = false;
    if (persistIt) await persist(value);
    notify('signed-in');
  };

  const provider: SessionProvider = {
    getToken: () => (expired ? undefined : token),
    onUnauthorized: (sentToken) => {
      if (token === undefined || expired) return;
      if (sentToken !== token) {
        // An answer to a request made with an earlier session: the current one is not in doubt.
        log.info('An unauthorized answer for a previous session was ignored');
        return;
      }
      expired = true;
      log.info('The service refused the session: marked expired');
      notify('expired');
    },
  };

  return {
    provider,

    async init() {
      try {
        const stored = await store.load();
        if (stored !== undefined && stored !== '') {
          secrets.add(stored);
          token = stored;
        }
        return {};
      } catch (error) {
        log.warn('The stored session could not be read; asking to sign in again', { error });
        await store.clear().catch(() => undefined);
        return {
          problem: 'Your saved session could not be read on this computer. Please sign in again.',
        };
      }
    },

    state,

    async setToken(raw) {
      const candidate = normaliseToken(raw);
      if (candidate === '') {
        throw new AssistantError({
          kind: 'invalid_input',
          code: 'invalid_input',
          field: 'token',
          message: 'Paste the session token.',
        });
      }
      // Known before the call so that even an error quoting it is scrubbed.
      secrets.add(candidate);
      try {
        await options.verify(candidate);
      } catch (error) {
        if (error instanceof AssistantError && error.kind === 'unauthorized') {
          throw new AssistantError({
            kind: 'invalid_input',
            code: 'token_refused',
            field: 'token',
            message: 'The service did not accept this session token. Check it and try again.',
            requestId: error.requestId,
            status: error.status,
            retryable: false,
          });
        }
        throw error;
      }
      await keep(candidate, true);
      log.info('Signed in');
      return state();
    },

    async adopt(value, adoptOptions) {
      const candidate = normaliseToken(value);
      if (candidate === '') return;
      await keep(candidate, adoptOptions.persist);
    },

    async signOut() {
      token = undefined;
      expired = false;
      try {
        await store.clear();
      } catch (error) {
        log.error('Could not clear the stored session', { error });
      }
      log.info('Signed out');
      notify('signed-out');
      return state();
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
