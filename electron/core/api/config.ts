// What every caller of the Assistant Service needs to know: where it is, how to authenticate and
// which fetch to use (Node's in tests, the CLI and browser mode; Electron's net.fetch in the app).

import type { RetryOptions } from './retry';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A session and the one service origin it belongs to. The transport attaches it only to requests
 * for that origin, so no caller (a run still following an old service, a retry in flight, a race
 * with a change of service) can ever send it anywhere else.
 */
export interface SessionCredential {
  /** `https://host:port` of the service the session was issued for (URL.origin). */
  readonly origin: string;
  readonly token: string;
}

/** Supplies the session credential; core never stores it anywhere else. */
export interface SessionProvider {
  /** The current session with its service origin, or undefined when signed out. */
  credential(): SessionCredential | undefined;
  /**
   * Called when the service at `sent.origin` answered `unauthorized` to a request that carried
   * `sent`. That session is no longer valid; if another one was set meanwhile (or the service
   * changed), the answer is not about it.
   */
  onUnauthorized?(sent: SessionCredential): void;
}

/**
 * A session for the service at `baseUrl` only (the CLI, a token being verified, tests): `token`
 * is the value, or a function read at each request.
 */
export function sessionFor(
  baseUrl: string,
  token: string | undefined | (() => string | undefined),
  onUnauthorized?: SessionProvider['onUnauthorized'],
): SessionProvider {
  const origin = new URL(baseUrl).origin;
  const read = typeof token === 'function' ? token : () => token;
  return {
    credential: () => {
      const value = read();
      return value === undefined ? undefined : { origin, token: value };
    },
    ...(onUnauthorized === undefined ? {} : { onUnauthorized }),
  };
}

export interface ClientConfig {
  /** `{base_url}` of the spec, ending in `/api/v1/<service>`; no trailing slash needed. */
  baseUrl: string;
  session: SessionProvider;
  fetch?: FetchLike;
  /** Sent as User-Agent, e.g. `AssistantDesktop/0.1.0 (linux)`. */
  userAgent?: string;
  /** The Accept-Language header, read at each request so a change of language applies at once. */
  acceptLanguage?: () => string;
  /** Per-attempt timeout for ordinary calls, in ms (default DEFAULT_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Backoff and budget for retried calls; tests shrink the delays. */
  retry?: RetryOptions;
  /** Same-origin redirects followed per call (default DEFAULT_MAX_REDIRECTS). */
  maxRedirects?: number;
  /** Largest JSON answer read, in bytes (default 10 MB, core/limits.ts); more is an error. */
  maxBodyBytes?: number;
  /**
   * The client's lifetime: aborted when the app moves to another service, which stops this
   * client's calls in flight and their retries (its reason, an AssistantError, says why).
   */
  lifetime?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_REDIRECTS = 5;

export const SESSION_COOKIE = 'sb-access-token';
