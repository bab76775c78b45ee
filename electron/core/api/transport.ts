// One attempt on the wire: the authenticated fetch with redirects handled by us. Shared by the
// JSON client (http.ts) and the run stream, so both send the session the same way and neither
// can leak it to another origin: the cookie is attached only when the session's own origin is
// the request URL's (headers.ts credentialFor), checked here, at the last step before the wire.
//
// Redirects: we always ask for `redirect: 'manual'` so the fetch implementation never follows on
// its own with our Cookie header. A redirect within the service's origin is followed (at most
// `maxRedirects` times) with freshly built headers; a redirect to another origin is refused
// without any request to it: the session must not travel there, and an API answer from another
// site (a captive portal, an http→https move) is not what the user configured, so a clear error
// asking to check the address beats a confusing `unauthorized` from a stranger.
//
// Electron's net.fetch does not return 3xx responses in manual mode: it rejects with "Redirect
// was cancelled" (ClientRequest cancels any redirect nobody follows). We report that as a refused
// redirect too, which is safe: nothing was sent to the redirect target.

import { AssistantError } from '../errors';
import {
  DEFAULT_MAX_REDIRECTS,
  type ClientConfig,
  type FetchLike,
  type SessionCredential,
} from './config';
import type { Attempt } from './deadline';
import { buildRequestHeaders, credentialFor } from './headers';
import { errorFromThrown } from './response-errors';
import { coreWords } from '../i18n/words';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface SendInit {
  method: HttpMethod;
  url: URL;
  /** Extra headers (Accept, Content-Type, Idempotency-Key, Last-Event-ID…); never the cookie. */
  headers?: Record<string, string>;
  /** A JSON text body (POST). */
  body?: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** What came back, and the session it answers: an `unauthorized` is about that one only. */
export interface SentRequest {
  response: Response;
  sent: SessionCredential;
}

export function getFetch(config: Pick<ClientConfig, 'fetch'>): FetchLike {
  return config.fetch ?? ((input, init) => globalThis.fetch(input, init));
}

/**
 * Sends one request and returns the first non-redirect response, unread, with the session value
 * that request carried. Refuses (`unauthorized`, nothing sent) when the session is not for the URL's
 * origin. Rejections become AssistantErrors of kind network, timeout or aborted
 * (judged from `attempt`), or internal when the fetch refused the request itself.
 */
export async function sendRequest(
  config: Pick<ClientConfig, 'fetch' | 'session' | 'userAgent' | 'acceptLanguage' | 'maxRedirects'>,
  init: SendInit,
  attempt: Attempt,
): Promise<SentRequest> {
  const fetchImpl = getFetch(config);
  const origin = init.url.origin;
  const maxRedirects = config.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let method: HttpMethod = init.method;
  let body = init.body;
  let extra = { ...init.headers };
  let url = init.url;

  for (let hop = 0; ; hop += 1) {
    // Built per hop so a renewed session is picked up and the cookie is never carried over.
    const sent = credentialFor(config, url);
    const headers = buildRequestHeaders(
      { userAgent: config.userAgent, acceptLanguage: config.acceptLanguage?.(), token: sent.token },
      extra,
    );
    let response: Response;
    try {
      response = await fetchImpl(url.href, {
        method,
        headers,
        body,
        signal: attempt.signal,
        redirect: 'manual',
        credentials: 'omit',
      });
    } catch (thrown) {
      if (!attempt.aborted && !attempt.timedOut && isElectronCancelledRedirect(thrown)) {
        throw redirectError(
          'redirect_refused',
          coreWords().t('errors.redirect.refused'),
          undefined,
          thrown,
        );
      }
      throw errorFromThrown(thrown, attempt);
    }

    if (!REDIRECT_STATUSES.has(response.status)) return { response, sent };
    const location = response.headers.get('location');
    if (location === null) return { response, sent };
    await discard(response);

    let target: URL;
    try {
      target = new URL(location, url);
    } catch {
      throw redirectError(
        'bad_redirect',
        coreWords().t('errors.redirect.invalid'),
        response.status,
      );
    }
    if (target.origin !== origin) {
      throw redirectError(
        'cross_origin_redirect',
        coreWords().t('errors.redirect.otherSite', { origin: target.origin }),
        response.status,
      );
    }
    if (hop + 1 > maxRedirects) {
      throw redirectError(
        'too_many_redirects',
        coreWords().t('errors.redirect.tooMany'),
        response.status,
      );
    }
    // Fetch standard §4.4 step 12: 303 (and 301/302 after POST) continue as GET without a body.
    if (
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && method === 'POST')
    ) {
      if (method !== 'GET') {
        method = 'GET';
        body = undefined;
        extra = withoutHeader(extra, 'content-type');
      }
    }
    url = target;
  }
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // A body we do not want may fail to cancel; nothing depends on it.
  }
}

function withoutHeader(headers: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== name));
}

function isElectronCancelledRedirect(thrown: unknown): boolean {
  return thrown instanceof Error && /redirect was cancelled/i.test(thrown.message);
}

function redirectError(
  code: string,
  message: string,
  status?: number,
  cause?: unknown,
): AssistantError {
  return new AssistantError({
    kind: 'bad_response',
    code,
    message,
    status,
    retryable: false,
    cause,
  });
}
