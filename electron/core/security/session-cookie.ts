// Recognising the service's session cookie as it appears in the sign-in window's cookie jar. The
// sign-in page may set many cookies on many hosts (identity providers, analytics); only
// `sb-access-token` for the service's own host is the session, and only a value that could be a
// cookie at all is kept.

import { SESSION_COOKIE } from '../api/config';

export interface ObservedCookie {
  name: string;
  value: string;
  /** As Chromium reports it: `example.com` (host-only) or `.example.com` (domain cookie). */
  domain?: string;
}

// RFC 6265 cookie-octet, the same rule the HTTP layer applies before sending it.
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]{1,8192}$/;

/** True when a cookie set for `domain` is sent to `host` (RFC 6265 domain-match). */
export function domainMatches(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const d = domain.toLowerCase().replace(/^\./, '').replace(/\.$/, '');
  if (d === '') return false;
  return h === d || h.endsWith(`.${d}`);
}

/**
 * The session token when `cookie` is the service's session cookie, else undefined. `serviceUrl`
 * is the service base URL (or the sign-in page when the service is on the same host).
 */
export function sessionTokenFrom(cookie: ObservedCookie, serviceUrl: string): string | undefined {
  if (cookie.name !== SESSION_COOKIE) return undefined;
  if (!COOKIE_VALUE.test(cookie.value)) return undefined;
  let host: string;
  try {
    host = new URL(serviceUrl).hostname;
  } catch {
    return undefined;
  }
  if (cookie.domain === undefined || !domainMatches(host, cookie.domain)) return undefined;
  return cookie.value;
}
