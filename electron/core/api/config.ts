// What every caller of the Assistant Service needs to know: where it is, how to authenticate and
// which fetch to use (Node's in tests, the CLI and browser mode; Electron's net.fetch in the app).

import type { RetryOptions } from './retry';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Supplies the session credential; core never stores it anywhere else. */
export interface SessionProvider {
  /** The current `sb-access-token` value, or undefined when signed out. */
  getToken(): string | undefined;
  /**
   * Called when the service answers `unauthorized` to a request that carried `sentToken`. That
   * session is no longer valid; if another one was set meanwhile, the answer is not about it.
   */
  onUnauthorized?(sentToken: string): void;
}

export interface ClientConfig {
  /** `{base_url}` of the spec, ending in `/api/v1/<service>`; no trailing slash needed. */
  baseUrl: string;
  session: SessionProvider;
  fetch?: FetchLike;
  /** Sent as User-Agent, e.g. `AssistantDesktop/0.1.0 (linux)`. */
  userAgent?: string;
  /** Per-attempt timeout for ordinary calls, in ms (default DEFAULT_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Backoff and budget for retried calls; tests shrink the delays. */
  retry?: RetryOptions;
  /** Same-origin redirects followed per call (default DEFAULT_MAX_REDIRECTS). */
  maxRedirects?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_REDIRECTS = 5;

export const SESSION_COOKIE = 'sb-access-token';
