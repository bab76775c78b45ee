// The request headers every call to the service carries, in one place so the JSON client and the
// run stream authenticate identically.
//
// The session travels as an explicit `Cookie: sb-access-token=…` header, never through a cookie
// store. Why: the app's fetch is Electron's `net.fetch`, which wraps its input in a `Request`
// whose `credentials` default to 'same-origin'; with no Origin header Electron turns that into
// 'include', so Chromium attaches the session's cookie jar and writes the Cookie line *after*
// the headers we set, replacing ours (electron/electron#8223, #22541). With
// `credentials: 'omit'` (see transport.ts) Chromium neither sends nor stores jar cookies and our
// header is the only cookie sent. Node's fetch (undici) has no cookie jar, ignores `credentials`
// and does not treat Cookie as a forbidden header, so the same code path works in both runtimes.

import { APP_VERSION } from '../app-version';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import { SESSION_COOKIE, type ClientConfig, type SessionCredential } from './config';

export const APP_NAME = 'AssistantDesktop';
export { APP_VERSION };
export { redactSecret } from '../redact';

/** `AssistantDesktop/0.1.0 (linux; node 20.20.0)`; hosts may pass their own via config. */
export function defaultUserAgent(
  runtime: string = `node ${process.versions.node}`,
  version: string = APP_VERSION,
): string {
  return `${APP_NAME}/${version} (${process.platform}; ${runtime})`;
}

// RFC 6265 cookie-octet: printable ASCII without space, DQUOTE, comma, semicolon and backslash.
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/;

/**
 * The session a request to `url` may carry: only one issued for that URL's origin. Refuses (kind
 * `unauthorized`, code `not_signed_in`) when signed out, when the session belongs to another
 * service, or when the stored value could not be a cookie, so nothing is sent; the message never
 * contains the value.
 */
export function credentialFor(config: Pick<ClientConfig, 'session'>, url: URL): SessionCredential {
  const credential = config.session.credential();
  if (credential === undefined || credential.token === '') {
    throw new AssistantError({
      kind: 'unauthorized',
      code: 'not_signed_in',
      message: coreWords().t('errors.session.notSignedIn'),
      retryable: false,
    });
  }
  if (credential.origin !== url.origin) {
    throw new AssistantError({
      kind: 'unauthorized',
      code: 'not_signed_in',
      message: coreWords().t('errors.session.otherService', { origin: url.origin }),
      retryable: false,
    });
  }
  if (!COOKIE_VALUE.test(credential.token)) {
    throw new AssistantError({
      kind: 'unauthorized',
      code: 'invalid_session',
      message: coreWords().t('errors.session.malformed'),
      retryable: false,
    });
  }
  return credential;
}

/**
 * Headers for one request: Accept (JSON unless `extra` says otherwise, e.g. `text/event-stream`),
 * User-Agent, Accept-Language (the language in use) and the session cookie with `token` (from credentialFor). `extra` may add headers
 * (Last-Event-ID, Idempotency-Key, Content-Type) but can never replace the cookie.
 *
 * A plain object with lower-case names, not a `Headers`: in Node that class is undici's, and
 * touching it loads all of undici (about 10 MiB), which the `assistant` command, fetching over
 * node:http, otherwise never needs. Every fetch takes either.
 */
export function buildRequestHeaders(
  options: { userAgent?: string; acceptLanguage?: string; token: string },
  extra?: Record<string, string>,
): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  headers['user-agent'] = options.userAgent ?? defaultUserAgent();
  if (options.acceptLanguage !== undefined) headers['accept-language'] = options.acceptLanguage;
  for (const [name, value] of Object.entries(extra ?? {})) {
    const key = name.toLowerCase();
    if (key === 'cookie') continue;
    headers[key] = value;
  }
  headers.cookie = `${SESSION_COOKIE}=${options.token}`;
  return headers;
}
