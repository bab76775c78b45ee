// Where the session token is kept between launches. The Electron host implements this with
// safeStorage (encrypted); browser mode and tests keep it in memory only. Either way the token is
// never written anywhere else.

export interface SecretStore {
  /** `memory-only`: the session is forgotten when the app quits (and the user is told why). */
  readonly kind: 'encrypted' | 'memory-only';
  /** Why it is memory-only, in words for the user (e.g. "no keyring is available"). */
  readonly reason?: string;
  /**
   * The stored token, or undefined when none is stored. May throw when a stored value no longer
   * decrypts: the session service treats that as "sign in again", never as a crash.
   */
  load(): Promise<string | undefined>;
  save(token: string): Promise<void>;
  clear(): Promise<void>;
}

/**
 * `reason` may be a function: it is then asked each time the app shows it, so it reads in the
 * language in use rather than the one the app started in.
 */
export function createMemorySecretStore(
  reason:
    | string
    | (() => string) = 'This mode keeps the session in memory only: sign in again after a restart.',
): SecretStore {
  let value: string | undefined;
  return {
    kind: 'memory-only',
    get reason() {
      return typeof reason === 'function' ? reason() : reason;
    },
    async load() {
      return value;
    },
    async save(token) {
      value = token;
    },
    async clear() {
      value = undefined;
    },
  };
}
