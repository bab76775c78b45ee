// Who may open the contract's socket: a loopback Host (no DNS rebinding), the wire's path, this
// host's Origin, and the contract's subprotocol with the per-start secret beside it; and how
// the others are turned away.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { SECRET_PROTOCOL_PREFIX, WIRE_PATH, WIRE_PROTOCOL } from '../contract/wire';
import { isAllowedHost } from '../shared/loopback-host';

export interface UpgradeRefusal {
  status: number;
  reason: string;
  /** What was wrong, for the refusal counts: host, path, origin or secret. */
  detail: 'host' | 'path' | 'origin' | 'secret';
}

/** Whether the request names this host as loopback (../shared/loopback-host). */
export function hostAllowed(request: IncomingMessage, allowedHosts: readonly string[]): boolean {
  return isAllowedHost(request.headers.host, allowedHosts);
}

/** Why an upgrade request is refused, or undefined when it may become the page's socket. */
export function upgradeRefusal(
  request: IncomingMessage,
  allowed: { hosts: readonly string[]; origins: readonly string[]; secret: string },
): UpgradeRefusal | undefined {
  if (!hostAllowed(request, allowed.hosts)) {
    return { status: 421, reason: 'Misdirected Request', detail: 'host' };
  }
  const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  if (pathname !== WIRE_PATH) return { status: 404, reason: 'Not Found', detail: 'path' };
  const origin = request.headers.origin;
  if (origin === undefined || !allowed.origins.includes(origin)) {
    return { status: 403, reason: 'Forbidden', detail: 'origin' };
  }
  const offered = (request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((value) => value.trim());
  const presented = offered.find((value) => value.startsWith(SECRET_PROTOCOL_PREFIX));
  if (
    !offered.includes(WIRE_PROTOCOL) ||
    presented === undefined ||
    !sameSecret(presented.slice(SECRET_PROTOCOL_PREFIX.length), allowed.secret)
  ) {
    return { status: 403, reason: 'Forbidden', detail: 'secret' };
  }
  return undefined;
}

/** Answers a refused upgrade on the raw socket and closes it. */
export function rejectUpgrade(socket: Duplex, refusal: UpgradeRefusal): void {
  socket.write(
    `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
  );
  socket.destroy();
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
