// Who may reach the demo service: a request that names it by a loopback name and its own port (a
// page elsewhere that points its own name at 127.0.0.1, DNS rebinding, still sends that foreign
// name), and, when a page of some site sends it, a page of its own (its Origin). The app itself
// and scripts send no Origin. `Origin: null` (an opaque context, or a client that says so) is left
// to the next checks: it carries no session a browser would attach (the cookie is SameSite=Lax
// and no page may set a Cookie header), and the sign-in form refuses it itself (site.ts). The
// allow-list is browser mode's (../../shared/loopback-host).
import type { IncomingMessage } from 'node:http';
import { isAllowedHost } from '../../shared/loopback-host';
import type { ApiError } from './envelope';
import { foreignOrigin, misdirected } from './errors';

export interface Reachable {
  hosts: readonly string[];
  origins: readonly string[];
}

/** Why the request is refused, or undefined when it may be answered. */
export function unreachableBy(req: IncomingMessage, reachable: Reachable): ApiError | undefined {
  if (!isAllowedHost(req.headers.host, reachable.hosts)) {
    return misdirected(reachable.origins[0] ?? 'its loopback address');
  }
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== 'null' && !reachable.origins.includes(origin)) {
    return foreignOrigin();
  }
  return undefined;
}
