// Opening one connection to a run's event stream: the same authenticated request and redirect
// rules as every other call (api/transport), then a strict check that what came back really is
// an event stream before a single byte is parsed.
import { runStreamUrl } from '../api/client';
import type { ClientConfig, SessionCredential } from '../api/config';
import { startAttempt } from '../api/deadline';
import { redactSecret } from '../api/headers';
import { cleanSnippet, errorFromResponse, parseBody, pickRequestId } from '../api/response-errors';
import { sendRequest } from '../api/transport';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';

export type StreamConfig = Pick<
  ClientConfig,
  | 'baseUrl'
  | 'session'
  | 'fetch'
  | 'userAgent'
  | 'acceptLanguage'
  | 'maxRedirects'
  | 'lifetime'
  | 'maxBodyBytes'
>;

/** Most of an error body we read: enough for the envelope or a proxy page's title. */
const ERROR_BODY_MAX_BYTES = 64 * 1024;

export interface OpenedStream {
  response: Response & { body: ReadableStream<Uint8Array> };
  /** The session this connection carried: an `unauthorized` event on it is about that one. */
  sent: SessionCredential;
}

/**
 * GET /runs/{runId}/stream with `Accept: text/event-stream` and `Last-Event-ID` when known.
 * Resolves with the unread 200 response; anything else becomes an AssistantError (401 →
 * `unauthorized`, reported to the session with the token sent; an error envelope → `service`
 * with its code, a proxy's HTML page → `bad_response`, 408/429/5xx retryable with Retry-After
 * kept).
 */
export async function openRunStream(
  config: StreamConfig,
  runId: string,
  lastEventId: string | undefined,
  signal: AbortSignal,
): Promise<OpenedStream> {
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Cache-Control': 'no-cache',
  };
  if (lastEventId !== undefined && lastEventId !== '') headers['Last-Event-ID'] = lastEventId;
  // No per-attempt timer here: the follower's stall timer covers the wait for headers too.
  const lifetime = config.lifetime;
  const attempt = startAttempt(
    lifetime === undefined ? signal : AbortSignal.any([signal, lifetime]),
    undefined,
  );
  const { response, sent } = await sendRequest(
    config,
    { method: 'GET', url: runStreamUrl(config, runId), headers },
    attempt,
  );
  if (response.status !== 200) {
    const text = await readLimited(response, ERROR_BODY_MAX_BYTES);
    const error = errorFromResponse({
      status: response.status,
      headers: response.headers,
      body: parseBody(text),
      secret: sent.token,
    });
    if (error.kind === 'unauthorized') config.session.onUnauthorized?.(sent);
    throw error;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!/^\s*text\/event-stream\s*(;|$)/i.test(type) || response.body === null) {
    const text = await readLimited(response, ERROR_BODY_MAX_BYTES);
    const snippet = cleanSnippet(redactSecret(text, sent.token));
    const contentType = type === '' ? 'none' : type;
    throw new AssistantError({
      kind: 'bad_response',
      code: 'not_an_event_stream',
      message:
        snippet === ''
          ? coreWords().t('errors.stream.notEventStreamEmpty', { contentType })
          : coreWords().t('errors.stream.notEventStream', { contentType, snippet }),
      status: response.status,
      requestId: pickRequestId(undefined, response.headers),
      retryable: false,
    });
  }
  return {
    response: response as Response & { body: ReadableStream<Uint8Array> },
    sent,
  };
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } catch {
    // A body cut short still tells us the status; what we have is enough for the message.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return text;
}
