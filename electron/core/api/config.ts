// What every caller of the Assistant Service needs to know: where it is, how to authenticate and
// which fetch to use (Node's in tests, the CLI and browser mode; Electron's net.fetch in the app).

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Supplies the session credential; core never stores it anywhere else. */
export interface SessionProvider {
  /** The current `sb-access-token` value, or undefined when signed out. */
  getToken(): string | undefined;
  /** Called when the service answers `unauthorized`: the session is no longer valid. */
  onUnauthorized?(): void;
}

export interface ClientConfig {
  /** `{base_url}` of the spec, ending in `/api/v1/<service>`; no trailing slash needed. */
  baseUrl: string;
  session: SessionProvider;
  fetch?: FetchLike;
  /** Sent as User-Agent, e.g. `AssistantDesktop/0.1.0 (linux)`. */
  userAgent?: string;
  /** Per-attempt timeout for ordinary calls, in ms. */
  timeoutMs?: number;
}

export const SESSION_COOKIE = 'sb-access-token';
