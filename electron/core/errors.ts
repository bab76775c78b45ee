// One error type for everything core can fail with. Callers branch on `kind` (what went wrong
// on our side of the wire) and `code` (the service's machine-readable code, when it sent one).
// Every field is plain data so the error survives crossing IPC or a WebSocket unchanged.
// Messages are for the user, in the language in use (i18n/words.ts); the log keeps the cause.
import { coreWords } from './i18n/words';

export type AssistantErrorKind =
  /** The request never got an answer: DNS, refused connection, reset, TLS. */
  | 'network'
  /** No answer (or no stream progress) within the allowed time. */
  | 'timeout'
  /** The caller aborted (Stop, navigation, quit). */
  | 'aborted'
  /** The service said `unauthorized`, or there is no session to send. */
  | 'unauthorized'
  /** The answer was not JSON (an HTML page from a proxy, say). */
  | 'bad_response'
  /** JSON that does not match the documented shape; `field` names the place. */
  | 'schema'
  /** A well-formed error envelope from the service. */
  | 'service'
  /** Input refused before anything was sent. */
  | 'invalid_input'
  /** A quota would be exceeded; refused before anything was sent. */
  | 'quota'
  /** Something that should not happen on our side (a bug): not the network, not worth a retry. */
  | 'internal';

export interface AssistantErrorInit {
  kind: AssistantErrorKind;
  message: string;
  code?: string;
  status?: number;
  requestId?: string;
  retryable?: boolean;
  field?: string;
  retryAfterMs?: number;
  cause?: unknown;
}

/** An unreachable service in the user's words: what happened, and what to do about it. */
export function unreachableMessage(): string {
  return coreWords().t('errors.network.unreachable');
}

/** The serialisable form, as it crosses IPC, the browser-mode socket and the CLI. */
export interface AssistantErrorData {
  kind: AssistantErrorKind;
  code: string;
  message: string;
  status?: number;
  requestId?: string;
  retryable: boolean;
  field?: string;
}

const defaultCodes: Record<AssistantErrorKind, string> = {
  network: 'network_error',
  timeout: 'timeout',
  aborted: 'aborted',
  unauthorized: 'unauthorized',
  bad_response: 'bad_response',
  schema: 'unexpected_response',
  service: 'service_error',
  invalid_input: 'invalid_input',
  quota: 'quota_exceeded',
  internal: 'internal_error',
};

export class AssistantError extends Error {
  readonly kind: AssistantErrorKind;
  readonly code: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly retryable: boolean;
  readonly field: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(init: AssistantErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'AssistantError';
    this.kind = init.kind;
    this.code = init.code ?? defaultCodes[init.kind];
    this.status = init.status;
    this.requestId = init.requestId;
    this.retryable = init.retryable ?? (init.kind === 'network' || init.kind === 'timeout');
    this.field = init.field;
    this.retryAfterMs = init.retryAfterMs;
  }

  toData(): AssistantErrorData {
    const data: AssistantErrorData = {
      kind: this.kind,
      code: this.code,
      message: this.message,
      retryable: this.retryable,
    };
    if (this.status !== undefined) data.status = this.status;
    if (this.requestId !== undefined) data.requestId = this.requestId;
    if (this.field !== undefined) data.field = this.field;
    return data;
  }

  /** One readable line: message, then code and request id for support. */
  toLine(): string {
    const parts = [`code ${this.code}`];
    if (this.status !== undefined) parts.push(`HTTP ${this.status}`);
    if (this.requestId !== undefined) parts.push(`request ${this.requestId}`);
    return `${this.message} (${parts.join(', ')})`;
  }
}

export function isAssistantError(value: unknown): value is AssistantError {
  return value instanceof AssistantError;
}

/** Socket and DNS failures as Node reports them (libuv codes), including undici's `cause`. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENETRESET',
  // A response body (Electron's net.fetch streams one through Node's Readable) ended early.
  'ERR_STREAM_PREMATURE_CLOSE',
]);

/** How deep a `cause` chain is searched (undici nests one or two levels). */
const MAX_CAUSE_DEPTH = 4;

/**
 * Whether `value` is a failure to talk to the service at all, as fetch implementations report
 * it: undici's `TypeError: fetch failed` (or `terminated`, a body cut off) with the socket error
 * as its cause, an undici error (`UND_ERR_*`), a socket or DNS error code, or Chromium's
 * `net::ERR_*` (Electron's net.fetch). Anything else thrown is not the network's fault.
 */
export function isNetworkFailure(value: unknown): boolean {
  let current: unknown = value;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR_'))) {
      return true;
    }
    if (/\bnet::ERR_[A-Z_]+/.test(current.message)) return true;
    if (
      current instanceof TypeError &&
      current.cause !== undefined &&
      (current.message === 'fetch failed' || current.message === 'terminated')
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/**
 * Wraps anything thrown into an AssistantError without losing an existing one's fields. Only a
 * real failure to reach the service becomes `network`; anything else unexpected is `internal`
 * (not retryable), so a bug never reads as "the service cannot be reached".
 */
export function toAssistantError(value: unknown): AssistantError {
  if (value instanceof AssistantError) return value;
  if (value instanceof Error && value.name === 'AbortError') {
    return new AssistantError({
      kind: 'aborted',
      message: coreWords().t('errors.request.cancelled'),
      cause: value,
    });
  }
  if (value instanceof Error && value.name === 'TimeoutError') {
    return new AssistantError({
      kind: 'timeout',
      message: coreWords().t('errors.request.timeout'),
      cause: value,
    });
  }
  const message = value instanceof Error ? value.message : String(value);
  if (isNetworkFailure(value)) {
    return new AssistantError({
      kind: 'network',
      // The system's own words stay in the cause, for the log.
      message: unreachableMessage(),
      cause: value,
    });
  }
  return new AssistantError({
    kind: 'internal',
    message: coreWords().t('errors.request.unexpected', { message }),
    retryable: false,
    cause: value,
  });
}
