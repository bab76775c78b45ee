// Bytes in, server-sent events out, for one connection. One streaming TextDecoder per connection
// keeps a UTF-8 character split across chunks intact; eventsource-parser handles line endings
// (CR, LF, CRLF, even split across chunks), a leading BOM, comments and multi-line data.
// A new connection needs a new decoder: never carry half a line or half a character across a
// reconnect.
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/**
 * One event: `data`, plus `id` and `event` when the block had those fields (undefined otherwise;
 * the browser would call an unnamed event `message`). The parser's own object, not a copy.
 */
export type SseMessage = EventSourceMessage;

export interface SseDecoderCallbacks {
  onMessage(message: SseMessage): void;
  /** Every block with an `id` field (with or without data), before its message. */
  onId?(id: string): void;
  onRetry?(ms: number): void;
  onComment?(comment: string): void;
}

export interface SseDecoder {
  push(bytes: Uint8Array): void;
  /** End of the connection: flushes the decoder; an unterminated last block is discarded (SSE). */
  end(): void;
}

/** Refuses a runaway line or event (a misbehaving proxy) instead of buffering without bound. */
export const MAX_SSE_BUFFER_CHARS = 8 * 1024 * 1024;

export class SseOverflowError extends Error {
  constructor() {
    super(`An event in the stream exceeded ${MAX_SSE_BUFFER_CHARS} characters.`);
    this.name = 'SseOverflowError';
  }
}

export function createSseDecoder(callbacks: SseDecoderCallbacks): SseDecoder {
  const decoder = new TextDecoder('utf-8');
  let overflowed = false;
  const parser = createParser({
    maxBufferSize: MAX_SSE_BUFFER_CHARS,
    onEvent: callbacks.onMessage,
    onId: callbacks.onId,
    onRetry: callbacks.onRetry,
    onComment: callbacks.onComment,
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') overflowed = true;
    },
  });
  const feed = (text: string): void => {
    if (text === '') return;
    parser.feed(text);
    if (overflowed) throw new SseOverflowError();
  };
  return {
    push(bytes) {
      feed(decoder.decode(bytes, { stream: true }));
    },
    end() {
      feed(decoder.decode());
      parser.reset();
    },
  };
}
