// One error type for everything core can fail with (assistant-error.ts), and turning anything
// thrown into one. Messages are for the user, in the language in use (i18n/words.ts); the log
// keeps the cause.
import { AssistantError } from './assistant-error';
import { coreWords } from './i18n/words';

export {
  AssistantError,
  type AssistantErrorData,
  type AssistantErrorInit,
  type AssistantErrorKind,
} from './assistant-error';

/** An unreachable service in the user's words: what happened, and what to do about it. */
export function unreachableMessage(): string {
  return coreWords().t('errors.network.unreachable');
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
