// Turning whatever went wrong on the wire into one AssistantError: an error envelope (§7), a
// page from a proxy, JSON of the wrong shape, or a failure with no answer at all. Messages are
// short and readable; they never carry a JSON parse trace or the session value.

import type { z } from 'zod';
import { AssistantError, isNetworkFailure, unreachableMessage } from '../errors';
import { coreWords } from '../i18n/words';
import { redactSecret } from './headers';
import { isRetryableStatus, parseRetryAfter } from './retry';
import { ERROR_CODE_UNAUTHORIZED, ErrorEnvelope } from './schemas';

export const SNIPPET_MAX_CHARS = 160;

/**
 * A short readable excerpt of a body that was not JSON: scripts, styles, comments and tags
 * stripped, common entities decoded, whitespace collapsed, at most `max` characters.
 */
export function cleanSnippet(body: string, max: number = SNIPPET_MAX_CHARS): string {
  const stripped = body
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&amp;/gi, '&')
    .replace(/\s+/g, ' ')
    .trim();
  if (stripped.length <= max) return stripped;
  return `${stripped.slice(0, max - 1).trimEnd()}…`;
}

/** The request id from the body if it has one, else from the X-Request-Id header. */
export function pickRequestId(body: unknown, headers: Headers): string | undefined {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const id = (body as Record<string, unknown>).requestId;
    if (typeof id === 'string' && id !== '') return id;
  }
  const header = headers.get('x-request-id');
  return header !== null && header !== '' ? header : undefined;
}

export type ParsedBody = { kind: 'json'; value: unknown } | { kind: 'text'; text: string };

/** JSON when the body parses as JSON (whatever the Content-Type says), else the raw text. */
export function parseBody(text: string): ParsedBody {
  if (text.trim() === '') return { kind: 'text', text };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'text', text };
  }
}

export interface ResponseErrorContext {
  status: number;
  headers: Headers;
  body: ParsedBody;
  /** The session value, so it can be cut out of anything echoed back. */
  secret?: string;
  now?: number;
}

/** Maps a non-success answer (status >= 300 that we do not follow) to an AssistantError. */
export function errorFromResponse(ctx: ResponseErrorContext): AssistantError {
  const { status, headers, body } = ctx;
  const requestId = pickRequestId(body.kind === 'json' ? body.value : undefined, headers);
  const retryAfterMs = parseRetryAfter(headers.get('retry-after'), ctx.now);
  const retryable = isRetryableStatus(status);
  // Tolerant on purpose: requestId/version are optional here so a gateway's `{error:{code,
  // message}}` still reads as a service error; the documented fields are still type-checked.
  const envelope = body.kind === 'json' ? ErrorEnvelope.safeParse(body.value) : undefined;
  const service = envelope?.success === true ? envelope.data.error : undefined;
  const clean = (s: string): string => redactSecret(s, ctx.secret);

  if (status === 401 || service?.code === ERROR_CODE_UNAUTHORIZED) {
    return new AssistantError({
      kind: 'unauthorized',
      code: service?.code ?? ERROR_CODE_UNAUTHORIZED,
      message: service ? clean(service.message) : coreWords().t('errors.session.expired'),
      status,
      requestId,
      retryable: false,
    });
  }
  if (service) {
    return new AssistantError({
      kind: 'service',
      code: service.code,
      message: clean(service.message),
      status,
      requestId,
      retryable,
      retryAfterMs,
      field: fieldOf(service),
    });
  }
  const snippet =
    body.kind === 'text'
      ? cleanSnippet(clean(body.text))
      : cleanSnippet(clean(JSON.stringify(body.value) ?? ''));
  const { t } = coreWords();
  return new AssistantError({
    kind: 'bad_response',
    code: `http_${status}`,
    message: snippet
      ? t('errors.response.httpError', { body: body.kind, status, snippet })
      : t('errors.response.httpErrorEmpty', { body: body.kind, status }),
    status,
    requestId,
    retryable,
    retryAfterMs,
  });
}

/**
 * The field an error is about, when the service says so. Not in the spec's error envelope, so read
 * tolerantly from the common shapes: `details: [{ path }]`, `fields: [name]`, `field`.
 */
function fieldOf(error: Record<string, unknown>): string | undefined {
  const { details, fields, field } = error;
  if (Array.isArray(details)) {
    const first: unknown = details[0];
    if (typeof first === 'object' && first !== null) {
      const path = (first as Record<string, unknown>).path;
      if (typeof path === 'string' && path !== '') return path;
    }
  }
  if (Array.isArray(fields) && typeof fields[0] === 'string' && fields[0] !== '') return fields[0];
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/** A 2xx answer that is not JSON at all. */
export function nonJsonSuccessError(
  status: number,
  headers: Headers,
  text: string,
  secret?: string,
): AssistantError {
  const snippet = cleanSnippet(redactSecret(text, secret));
  return new AssistantError({
    kind: 'bad_response',
    message:
      snippet === ''
        ? coreWords().t('errors.response.emptyInsteadOfJson', { status })
        : coreWords().t('errors.response.httpError', { body: 'text', status, snippet }),
    status,
    requestId: pickRequestId(undefined, headers),
    retryable: false,
  });
}

/** `data.runs.count`, `data.items[3].status`: the place a schema issue points at. */
export function formatPath(path: ReadonlyArray<PropertyKey>, prefix = ''): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(root)' : out;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'non-integer number';
  return typeof value;
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const value = valueAt(input, issue.path);
  if (issue.code === 'invalid_type' && value === undefined) return 'missing';
  const base = issue.message.startsWith('Invalid input')
    ? `expected ${issue.code === 'invalid_type' ? issue.expected : 'a valid value'}`
    : issue.message;
  return issue.code === 'invalid_type' ? `${base}, got ${describeValue(value)}` : base;
}

/**
 * A schema mismatch (kind `schema`) naming the field: `data.runs.count: expected integer, got
 * string`. Shows the first few issues; `field` is the first path.
 */
export function schemaError(
  error: z.ZodError,
  input: unknown,
  options: { pathPrefix?: string; requestId?: string; status?: number } = {},
): AssistantError {
  const issues = error.issues.slice(0, 3);
  const first = issues[0];
  const field = first ? formatPath(first.path, options.pathPrefix) : options.pathPrefix;
  const details = issues
    .map((issue) => `${formatPath(issue.path, options.pathPrefix)}: ${describeIssue(issue, input)}`)
    .join('; ');
  // The details name fields and types as the service's documentation does: they stay as written.
  const more = error.issues.length - issues.length;
  const { t } = coreWords();
  return new AssistantError({
    kind: 'schema',
    message:
      more > 0
        ? t('errors.response.unexpectedMore', { details, more })
        : t('errors.response.unexpected', { details }),
    field,
    status: options.status,
    requestId: options.requestId,
    retryable: false,
  });
}

/**
 * Maps a fetch rejection to network / timeout / aborted. Which signal fired is known by the
 * caller (a rejected fetch looks the same either way), so it says so. A rejection that is no
 * failure to connect (an invalid header value, a bad URL: our bug) is `internal`, not retried.
 */
export function errorFromThrown(
  thrown: unknown,
  state: { aborted: boolean; timedOut: boolean; timeoutMs?: number },
): AssistantError {
  if (thrown instanceof AssistantError) return thrown;
  if (state.aborted) {
    return new AssistantError({
      kind: 'aborted',
      message: coreWords().t('errors.request.cancelled'),
      retryable: false,
      cause: thrown,
    });
  }
  if (state.timedOut) {
    const ms = state.timeoutMs;
    const { t } = coreWords();
    const message =
      ms === undefined
        ? t('errors.request.timeout')
        : ms < 1000
          ? t('errors.request.timeoutMs', { ms })
          : t('errors.request.timeoutSeconds', { seconds: Math.round(ms / 1000) });
    return new AssistantError({
      kind: 'timeout',
      message,
      retryable: true,
      cause: thrown,
    });
  }
  if (!isNetworkFailure(thrown)) {
    // Only the error's name: its text may quote a header. The log gets the whole cause.
    const name = thrown instanceof Error ? thrown.name : typeof thrown;
    return new AssistantError({
      kind: 'internal',
      message: coreWords().t('errors.request.sendFailed', { name }),
      retryable: false,
      cause: thrown,
    });
  }
  // What happened and what to do in the message; the system's reason (ECONNREFUSED) is the code,
  // shown under "Details for IT".
  return new AssistantError({
    kind: 'network',
    message: unreachableMessage(),
    code: networkReason(thrown),
    retryable: true,
    cause: thrown,
  });
}

/** A short reason such as ECONNREFUSED, from undici's `cause` chain or Chromium's net::ERR_*. */
function networkReason(thrown: unknown): string {
  let current: unknown = thrown;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    const chromium = /net::ERR_[A-Z_]+/.exec(current.message);
    if (chromium) return chromium[0];
    current = current.cause;
  }
  return thrown instanceof Error && thrown.message !== ''
    ? thrown.message.slice(0, 80)
    : 'no answer';
}
