// Reading an answer's body with a bound: counted as it arrives (a declared Content-Length over the
// bound is refused before a byte is read), so a service that sends without end costs at most the
// bound in memory, and the user is told in words, the way a stream's runaway event is. An answer
// nested deeper than any real one is refused before it is parsed: walking it (the schemas, the
// cache, the page's copy) would overflow the stack.
import { nestingDepth } from '../../shared/json-depth';
import { DEFAULT_ANSWER_LIMITS, formatBytes } from '../limits';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import { pickRequestId } from './response-errors';

export const DEFAULT_MAX_BODY_BYTES = DEFAULT_ANSWER_LIMITS.maxBodyBytes;
/** Deepest nesting of a JSON answer read; real answers nest a handful of levels. */
export const MAX_ANSWER_DEPTH = 128;

/** Throws `answer_too_deep` when `text` nests deeper than MAX_ANSWER_DEPTH. */
export function checkNesting(text: string, response: Response): void {
  if (nestingDepth(text) <= MAX_ANSWER_DEPTH) return;
  throw new AssistantError({
    kind: 'bad_response',
    code: 'answer_too_deep',
    message: coreWords().t('errors.response.tooDeep', { levels: MAX_ANSWER_DEPTH }),
    status: response.status,
    requestId: pickRequestId(undefined, response.headers),
    retryable: false,
  });
}

/** The error for an answer over `maxBytes`; not retried: asking again brings the same answer. */
export function answerTooLarge(response: Response, maxBytes: number): AssistantError {
  return new AssistantError({
    kind: 'bad_response',
    code: 'answer_too_large',
    message: coreWords().t('errors.response.tooLarge', { size: formatBytes(maxBytes) }),
    status: response.status,
    requestId: pickRequestId(undefined, response.headers),
    retryable: false,
  });
}

/**
 * The body as text (UTF-8, a leading BOM dropped, as `response.text()` reads it), or an
 * `answer_too_large` error once more than `maxBytes` arrived; the rest is never read.
 */
export async function readBodyText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw answerTooLarge(response, maxBytes);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  let complete = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) throw answerTooLarge(response, maxBytes);
      parts.push(decoder.decode(value, { stream: true }));
    }
    parts.push(decoder.decode());
    complete = true;
  } finally {
    // Stops the transfer: what is left of an answer we refused is never downloaded.
    if (!complete) reader.cancel().catch(() => undefined);
  }
  return parts.join('');
}
