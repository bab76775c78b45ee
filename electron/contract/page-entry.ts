// How a page finds its host, before anything else runs: the global Electron's preload exposes,
// browser mode's socket path and subprotocols, and the secret in the printed address. No zod
// here, so the renderer can open its socket before the contract's schemas are built (see
// src/platform/bridge/early-socket.ts); wire.ts and index.ts re-export all of it.

/** The renderer's global, typed. */
export const BRIDGE_GLOBAL = 'assistant';

/** The WebSocket subprotocol of this contract. */
export const WIRE_PROTOCOL = 'assistant.v1';
/**
 * The per-start host secret travels as a second subprotocol `secret.<hex>`, so a page that does
 * not know it is refused during the handshake, before any message is read.
 */
export const SECRET_PROTOCOL_PREFIX = 'secret.';

/** The subprotocols a page offers when it opens its host's socket: the contract's, its secret. */
export function pageProtocols(secret: string): string[] {
  return [WIRE_PROTOCOL, `${SECRET_PROTOCOL_PREFIX}${secret}`];
}
/**
 * The secret reaches the page out of band, in the fragment of the address the host prints
 * (`http://127.0.0.1:5180/#token=<secret>`), never in anything the host serves: a fragment is
 * not sent in requests, so it never reaches a server's or proxy's log or a Referer. The page
 * takes it and removes it from the address bar. `&route=<hash route>` may follow it.
 */
const SECRET_FRAGMENT = /^#token=([0-9a-f]{16,256})(?:&route=([^&]*))?$/;

/** The address that opens the app served at `origin` with `secret`, on `route` (`#/deals`). */
export function hostSecretUrl(origin: string, secret: string, route = ''): string {
  const hash = route.replace(/^#/, '');
  return `${origin}/#token=${secret}${hash === '' ? '' : `&route=${encodeURIComponent(hash)}`}`;
}

/** The secret and the route (`#/deals`, or '') a page's `location.hash` carries, if any. */
export function readHostSecretFragment(
  hash: string,
): { secret: string; route: string } | undefined {
  const match = SECRET_FRAGMENT.exec(hash);
  if (!match?.[1]) return undefined;
  let route: string;
  try {
    route = match[2] ? `#${decodeURIComponent(match[2])}` : '';
  } catch {
    route = '';
  }
  return { secret: match[1], route };
}
/** Path of the socket on the host. */
export const WIRE_PATH = '/ipc';
