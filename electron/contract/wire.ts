// Browser mode's wire format: the contract carried as JSON over one WebSocket. Shared by the host
// (electron/web) and the bridge (src/bridge.ts) so both sides parse the same frames.
import { z } from 'zod';
import { ErrorData } from './common';

/** The WebSocket subprotocol of this contract. */
export const WIRE_PROTOCOL = 'assistant.v1';
/**
 * The per-start host secret travels as a second subprotocol `secret.<hex>`, so a page that does
 * not know it is refused during the handshake, before any message is read.
 */
export const SECRET_PROTOCOL_PREFIX = 'secret.';
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

export const ClientFrame = z.object({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  name: z.string().max(100),
  input: z.unknown(),
});
export type ClientFrame = z.infer<typeof ClientFrame>;

export const HostFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('result'),
    id: z.number().int().nonnegative(),
    /** Validated against the request's output schema by the bridge. */
    result: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), data: z.unknown() }),
      z.object({ ok: z.literal(false), error: ErrorData }),
    ]),
  }),
  z.object({ type: z.literal('event'), name: z.string(), payload: z.unknown() }),
]);
export type HostFrame = z.infer<typeof HostFrame>;
