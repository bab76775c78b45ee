// The JSON request loop: one call = attempts + waits, bounded by count and by time. Decides what
// may be retried (safe methods on transient failures; POST /runs only with its Idempotency-Key
// and only when the run was probably not created, or the key makes a repeat harmless), reads
// the body, and turns every failure into an AssistantError.

import { AssistantError, toAssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import { checkNesting, DEFAULT_MAX_BODY_BYTES, readBodyText } from './body-limit';
import { DEFAULT_TIMEOUT_MS, type ClientConfig } from './config';
import { startAttempt } from './deadline';
import {
  errorFromResponse,
  errorFromThrown,
  nonJsonSuccessError,
  parseBody,
  pickRequestId,
} from './response-errors';
import { backoffDelay, resolveRetryPolicy, sleep, type RetryPolicy } from './retry';
import { sendRequest, type HttpMethod } from './transport';
import { resolveUrl, type Query } from './url';

// Not an ES import of node:crypto: that builds the module's whole namespace, Web Crypto included,
// which the `assistant` command (every command loads this client) has no use for.
const { randomUUID } = process.getBuiltinModule('node:crypto');

/**
 * - `safe`: GET/DELETE; retried on network errors, timeouts, 408, 429 (with Retry-After) and 5xx.
 * - `idempotency-key`: POST carrying an Idempotency-Key reused on every attempt; retried only on
 *   network errors, timeouts, 429 and 503 (answers that mean "not processed", or where the key
 *   lets the service recognise a repeat).
 * - `never`: one attempt.
 */
export type RetryMode = 'safe' | 'idempotency-key' | 'never';

export interface JsonRequest {
  method: HttpMethod;
  /** '' for the base (metadata), else '/…' with path parameters already encoded. */
  path: string;
  query?: Query;
  /** Serialised as JSON with Content-Type: application/json. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  retry?: RetryMode;
  /** For `idempotency-key` mode; generated when absent. */
  idempotencyKey?: string;
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON; undefined for an empty 2xx body (e.g. 204). */
  body: unknown;
  requestId: string | undefined;
  /** Attempts made (1 when the first one succeeded). */
  attempts: number;
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

function defaultRetryMode(method: HttpMethod): RetryMode {
  return method === 'POST' ? 'never' : 'safe';
}

/**
 * A 429 is retried only when it says when (Retry-After): without it, it is a quota used up for
 * the period rather than a rate limit, and asking again cannot help.
 */
export function shouldRetry(error: AssistantError, mode: RetryMode): boolean {
  if (mode === 'never' || error.kind === 'aborted' || error.kind === 'unauthorized') return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  if (error.status === 429 && error.retryAfterMs === undefined) return false;
  if (mode === 'idempotency-key') return error.status === 429 || error.status === 503;
  return (error.kind === 'service' || error.kind === 'bad_response') && error.retryable;
}

/** The wait before retry number `retry` (0-based), or undefined when the budget forbids it. */
export function retryDelay(
  error: AssistantError,
  retry: number,
  elapsedMs: number,
  policy: RetryPolicy,
): number | undefined {
  if (retry >= policy.retries) return undefined;
  const asked = error.retryAfterMs;
  if (asked !== undefined && asked > policy.maxRetryAfterMs) return undefined;
  const delay = Math.max(backoffDelay(retry, policy), asked ?? 0);
  if (elapsedMs + delay > policy.totalTimeMs) return undefined;
  return delay;
}

export async function requestJson(config: ClientConfig, request: JsonRequest): Promise<JsonAnswer> {
  const mode = request.retry ?? defaultRetryMode(request.method);
  const policy = resolveRetryPolicy(config.retry);
  const url = resolveUrl(config, request.path, request.query);
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  if (mode === 'idempotency-key') {
    headers[IDEMPOTENCY_KEY_HEADER] = request.idempotencyKey ?? randomUUID();
  }
  const started = performance.now();
  // A retired client (the app moved to another service) stops its calls and their retries.
  const lifetime = config.lifetime;
  const signal =
    lifetime === undefined
      ? request.signal
      : request.signal === undefined
        ? lifetime
        : AbortSignal.any([request.signal, lifetime]);
  const call = { ...request, signal };

  for (let retry = 0; ; retry += 1) {
    try {
      const answer = await attemptOnce(config, call, url, headers, body);
      return { ...answer, attempts: retry + 1 };
    } catch (thrown) {
      const error = retiredError(lifetime) ?? toAssistantError(thrown);
      if (!shouldRetry(error, mode)) throw error;
      const delay = retryDelay(error, retry, performance.now() - started, policy);
      if (delay === undefined) throw error;
      try {
        await sleep(delay, signal);
      } catch (aborted) {
        throw retiredError(lifetime) ?? aborted;
      }
    }
  }
}

/** Why the client was retired (an AssistantError), once it was. */
export function retiredError(lifetime: AbortSignal | undefined): AssistantError | undefined {
  return lifetime?.aborted && lifetime.reason instanceof AssistantError
    ? lifetime.reason
    : undefined;
}

async function attemptOnce(
  config: ClientConfig,
  request: JsonRequest,
  url: URL,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Omit<JsonAnswer, 'attempts'>> {
  if (request.signal?.aborted) {
    throw new AssistantError({
      kind: 'aborted',
      message: coreWords().t('errors.request.cancelled'),
      retryable: false,
    });
  }
  const attempt = startAttempt(
    request.signal,
    request.timeoutMs ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  try {
    const { response, sent } = await sendRequest(
      config,
      { method: request.method, url, headers, body },
      attempt,
    );
    let text: string;
    try {
      text = await readBodyText(response, config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    } catch (thrown) {
      throw errorFromThrown(thrown, attempt);
    }
    checkNesting(text, response);
    const parsed = parseBody(text);
    if (response.status >= 200 && response.status < 300) {
      if (parsed.kind === 'json') {
        return {
          status: response.status,
          headers: response.headers,
          body: parsed.value,
          requestId: pickRequestId(parsed.value, response.headers),
        };
      }
      if (text.trim() === '') {
        return {
          status: response.status,
          headers: response.headers,
          body: undefined,
          requestId: pickRequestId(undefined, response.headers),
        };
      }
      throw nonJsonSuccessError(response.status, response.headers, text, sent.token);
    }
    const error = errorFromResponse({
      status: response.status,
      headers: response.headers,
      body: parsed,
      secret: sent.token,
    });
    // Only an answer from the service invalidates the session (not "no session to send"), and
    // only the session this request carried: the user may have signed in again meanwhile.
    if (error.kind === 'unauthorized') config.session.onUnauthorized?.(sent);
    throw error;
  } finally {
    attempt.clearTimer();
  }
}
