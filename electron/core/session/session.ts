// The session: the one place core holds the `sb-access-token` value. It is the API client's
// SessionProvider, turns an `unauthorized` answer into "session expired" (runs stay parked until
// the user signs in again), checks a new token with the service before accepting it, and forgets
// it everywhere on sign-out. The token never leaves this module except as the cookie header the
// API client builds; what the rest of the app sees is a SessionStatus.
//
// A session belongs to one service origin: it is kept (and stored) with the origin it was issued
// for, the transport sends it only there, only that service's 401 can expire it, and a token
// obtained for one service (a sign-in window opened before the service changed) is refused once
// another is in use.
import { z } from 'zod';
import type { SessionStatus } from '../../contract';
import type { SessionCredential, SessionProvider } from '../api/config';
import { SESSION_COOKIE } from '../api/config';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import type { Logger } from '../logs/logger';
import type { SecretRegistry } from '../logs/redact';
import type { SecretStore } from './secret-store';

export type SessionState = Omit<SessionStatus, 'canSignInWithWindow'>;

export interface SessionServiceOptions {
  store: SecretStore;
  secrets: SecretRegistry;
  log: Logger;
  /** The origin of the service in use now: only its session counts as signed in. */
  serviceOrigin(): string;
  /**
   * Asks the service at `origin` whether `token` works (GET metadata with it). Resolves when it
   * does; throws an AssistantError otherwise (`unauthorized` when the service refused it,
   * `service_changed` when `origin` is no longer the service in use).
   */
  verify(token: string, origin: string): Promise<void>;
}

export interface SessionService {
  /** For the API client and the run streams. */
  readonly provider: SessionProvider;
  /** Loads a stored session; a value that no longer decrypts means signed out, with a notice. */
  init(): Promise<{ problem?: string }>;
  state(): SessionState;
  /**
   * Verifies and keeps a token (pasted, from the sign-in window) for the service at `origin`
   * (default: the one in use now). Refused, changing nothing, when the service does not accept it
   * or when `origin` is not (or no longer) the service in use.
   */
  setToken(raw: string, options?: { origin?: string }): Promise<SessionState>;
  /** Keeps a token for the service in use without asking it first (a configured token). */
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

/** What the store keeps: the token and the service origin it was issued for. */
const StoredSession = z.object({ origin: z.string().min(1), token: z.string().min(1) });

/** A value stored before sessions carried their origin: a bare token, for the service in use. */
function parseStored(stored: string, serviceOrigin: string): SessionCredential | undefined {
  try {
    const parsed = StoredSession.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return { origin: serviceOrigin, token: stored };
  }
}

function serviceChangedWhileSigningIn(): AssistantError {
  return new AssistantError({
    kind: 'invalid_input',
    code: 'service_changed',
    field: 'token',
    message: coreWords().t('errors.session.serviceChanged'),
    retryable: false,
  });
}

function noTokenError(): AssistantError {
  return new AssistantError({
    kind: 'invalid_input',
    code: 'invalid_input',
    field: 'token',
    message: coreWords().t('errors.session.pasteToken'),
  });
}

/** The service refusing a pasted token is a wrong input, not the current session expiring. */
function refusedTokenError(error: unknown): unknown {
  if (!(error instanceof AssistantError) || error.kind !== 'unauthorized') return error;
  return new AssistantError({
    kind: 'invalid_input',
    code: 'token_refused',
    field: 'token',
    message: coreWords().t('errors.session.tokenRefused'),
    requestId: error.requestId,
    status: error.status,
    retryable: false,
  });
}

/**
 * The stored session, when it belongs to the service in use. A value kept for another service is
 * cleared and never sent; one that no longer decrypts is cleared with a problem to tell.
 */
async function readStoredSession(
  options: SessionServiceOptions,
): Promise<{ credential?: SessionCredential; problem?: string }> {
  const { store, secrets, log } = options;
  try {
    const stored = await store.load();
    if (stored === undefined || stored === '') return {};
    const serviceOrigin = options.serviceOrigin();
    const value = parseStored(stored, serviceOrigin);
    if (value !== undefined) secrets.add(value.token);
    if (value?.origin !== serviceOrigin) {
      // Kept for another service (or unreadable): it is never sent to this one.
      log.info('The stored session belongs to another service: signed out');
      await store.clear().catch(() => undefined);
      return {};
    }
    return { credential: value };
  } catch (error) {
    log.warn('The stored session could not be read; asking to sign in again', { error });
    await store.clear().catch(() => undefined);
    return {
      problem: 'Your saved session could not be read on this computer. Please sign in again.',
    };
  }
}

/** A pasted or signed-in token the service at `origin`, still the one in use, accepts. */
async function verifiedToken(
  options: SessionServiceOptions,
  raw: string,
  origin: string,
): Promise<string> {
  const candidate = normaliseToken(raw);
  if (candidate === '') throw noTokenError();
  // Known before the call so that even an error quoting it is scrubbed.
  options.secrets.add(candidate);
  if (origin !== options.serviceOrigin()) throw serviceChangedWhileSigningIn();
  try {
    await options.verify(candidate, origin);
  } catch (error) {
    throw refusedTokenError(error);
  }
  // The service may have changed while the token was being checked.
  if (origin !== options.serviceOrigin()) throw serviceChangedWhileSigningIn();
  return candidate;
}

// The session's state and its named parts (state, notify, persist, keep, the provider) under the
// returned methods.
export function createSessionService(options: SessionServiceOptions): SessionService {
  const { store, secrets, log } = options;
  let credential: SessionCredential | undefined;
  let expired = false;
  /** Set when saving to the store failed: the session then lives in memory only. */
  let storageProblem: string | undefined;
  const listeners = new Set<(state: SessionState, change: SessionChange) => void>();

  const state = (): SessionState => {
    const memoryOnly = store.kind === 'memory-only' || storageProblem !== undefined;
    const reason = storageProblem ?? store.reason;
    return {
      signedIn:
        credential !== undefined && credential.origin === options.serviceOrigin() && !expired,
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

  const persist = async (value: SessionCredential) => {
    try {
      await store.save(JSON.stringify({ origin: value.origin, token: value.token }));
      storageProblem = undefined;
    } catch (error) {
      storageProblem = 'The session could not be saved securely, so it is kept in memory only.';
      log.warn('Could not save the session; keeping it in memory only', { error });
    }
  };

  const keep = async (value: SessionCredential, persistIt: boolean) => {
    secrets.add(value.token);
    credential = value;
    expired = false;
    if (persistIt) await persist(value);
    notify('signed-in');
  };

  const provider: SessionProvider = {
    credential: () => (expired ? undefined : credential),
    onUnauthorized: (sent) => {
      if (credential === undefined || expired) return;
      if (sent.token !== credential.token || sent.origin !== credential.origin) {
        // An answer to a request made with an earlier session (or by another service): the
        // current one is not in doubt.
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
      const stored = await readStoredSession(options);
      if (stored.credential !== undefined) credential = stored.credential;
      return stored.problem === undefined ? {} : { problem: stored.problem };
    },

    state,

    async setToken(raw, setOptions = {}) {
      const origin = setOptions.origin ?? options.serviceOrigin();
      const candidate = await verifiedToken(options, raw, origin);
      await keep({ origin, token: candidate }, true);
      log.info('Signed in');
      return state();
    },

    async adopt(value, adoptOptions) {
      const candidate = normaliseToken(value);
      if (candidate === '') return;
      await keep({ origin: options.serviceOrigin(), token: candidate }, adoptOptions.persist);
    },

    async signOut() {
      credential = undefined;
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
