// What the SSE decoder parses from one network chunk, collected as two parallel lists reused for
// every chunk: a message and its position, or (message null) an id-only block and its id.
// Positions are computed here, in stream order (an id later in the same chunk must not shift
// earlier events); the follower advances its last event id only as it takes events, so stopping
// halfway through a chunk resumes at the right place. The parser reports a block's id just
// before its message, so an id-only block is known (and listed) once something else follows it.
import type { StreamPositions } from './positions';
import { createSseDecoder, type SseMessage } from './sse-decoder';

export interface ChunkCollector {
  readonly messages: ReadonlyArray<SseMessage | null>;
  readonly positions: readonly string[];
  /** Parses one chunk (or, `undefined`, the end of the stream) into the lists. */
  feed(chunk: Uint8Array | undefined): void;
  /** Empties the lists once they are taken. */
  clear(): void;
}

export function createChunkCollector(
  streamPositions: StreamPositions,
  onRetry: (ms: number) => void,
): ChunkCollector {
  const messages: Array<SseMessage | null> = [];
  const positions: string[] = [];
  let pendingId: string | undefined;
  const flushPendingId = (): void => {
    if (pendingId === undefined) return;
    messages.push(null);
    positions.push(pendingId);
    pendingId = undefined;
  };
  const decoder = createSseDecoder({
    onMessage: (message) => {
      if (pendingId !== undefined && message.id !== pendingId) flushPendingId();
      pendingId = undefined;
      messages.push(message);
      positions.push(streamPositions.next(message.id));
    },
    onId: (id) => {
      flushPendingId();
      streamPositions.onId(id);
      pendingId = id;
    },
    onRetry,
  });
  return {
    messages,
    positions,
    feed(chunk) {
      if (chunk === undefined) decoder.end();
      else decoder.push(chunk);
      flushPendingId();
    },
    clear() {
      messages.length = 0;
      positions.length = 0;
    },
  };
}
