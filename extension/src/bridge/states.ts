// Where the panel's connection to the app stands, in the words the panel shows for each
// (panel.connection.* in the catalogues). Every failure of the port maps to one of these.

export type ConnectionState =
  /** The port is opening: the browser is starting the relay. */
  | { kind: 'connecting' }
  /** The app was not running; the relay is starting it (no window) and waits for it. */
  | { kind: 'starting-app' }
  /** Connected, but the user has not yet allowed this browser in the app. */
  | { kind: 'waiting-for-allow' }
  | { kind: 'ready'; app: string | undefined }
  /** The browser found no host manifest: the app is not installed (or not registered). */
  | { kind: 'not-installed' }
  /** The host manifest does not list this extension (another build's id, or a policy). */
  | { kind: 'forbidden' }
  /** The app is not running and could not be started. */
  | { kind: 'not-running' }
  /**
   * Something that is not the user's own app listens where the app should (another user's socket
   * or pipe, a folder others may write): the relay sent it nothing and ended.
   */
  | { kind: 'untrusted' }
  /**
   * The user chose Deny, or revoked this browser in Settings; or the app holds an Allow for this
   * extension whose key this copy does not have (reinstalled, or its storage cleared).
   */
  | { kind: 'refused'; reason: 'denied' | 'revoked' | 'wrong-key' | 'other' }
  /** The connection ended; another attempt follows after `retryInMs`. */
  | { kind: 'disconnected'; retryInMs: number };

export type ConnectionKind = ConnectionState['kind'];

/**
 * The browser's words for a port that failed, read as states: Chromium's (runtime.lastError:
 * "Specified native messaging host not found.", "Access to the specified native messaging host is
 * forbidden.") and Firefox's ("No such native application <name>", for a missing manifest and
 * for one that does not list the extension alike).
 */
export function stateOfDisconnect(
  lastError: string | undefined,
): 'not-installed' | 'forbidden' | 'disconnected' {
  const text = (lastError ?? '').toLowerCase();
  if (text.includes('not found') || text.includes('no such native application')) {
    return 'not-installed';
  }
  if (text.includes('forbidden')) return 'forbidden';
  return 'disconnected';
}

/** The relay's own errors (docs/companion.md): which say the app is not there. */
export function stateOfRelayError(
  code: string,
): 'not-running' | 'untrusted' | 'disconnected' | null {
  switch (code) {
    case 'app-untrusted':
      return 'untrusted';
    case 'app-not-running':
    case 'app-not-started':
    case 'app-unreachable':
      return 'not-running';
    case 'app-closed':
      return 'disconnected';
    default:
      // frame-too-large, malformed-frame: one message refused, the port goes on.
      return null;
  }
}

/** Waits between attempts: quick at first (an app restarting), then at most every 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, attempt));
}
