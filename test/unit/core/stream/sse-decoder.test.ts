import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseDecoder, type SseMessage } from '../../../../electron/core/stream/sse-decoder';

interface Block {
  id?: string;
  event?: string;
  data: string[];
  retry?: number;
  comment?: string;
}

interface Decoded {
  messages: SseMessage[];
  ids: string[];
  retries: number[];
  comments: string[];
}

function decode(chunks: Uint8Array[]): Decoded {
  const out: Decoded = { messages: [], ids: [], retries: [], comments: [] };
  const decoder = createSseDecoder({
    onMessage: (message) => out.messages.push(message),
    onId: (id) => out.ids.push(id),
    onRetry: (ms) => out.retries.push(ms),
    onComment: (comment) => out.comments.push(comment),
  });
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return out;
}

/** What a correct SSE reader must report for these blocks. */
function expected(blocks: Block[]): Decoded {
  const out: Decoded = { messages: [], ids: [], retries: [], comments: [] };
  for (const block of blocks) {
    // eventsource-parser 4.1 strips one space after the colon, as it does for fields.
    if (block.comment !== undefined) out.comments.push(block.comment);
    if (block.retry !== undefined) out.retries.push(block.retry);
    if (block.id !== undefined) out.ids.push(block.id);
    if (block.data.length > 0) {
      const message: SseMessage = { data: block.data.join('\n') };
      if (block.id !== undefined) message.id = block.id;
      if (block.event !== undefined) message.event = block.event;
      out.messages.push(message);
    }
  }
  return out;
}

// Text that exercises multi-byte UTF-8 (2, 3 and 4 bytes), colons and leading spaces, but no
// line breaks (they would end the field).
const fieldText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'a',
        'Z',
        ' ',
        ':',
        '{',
        '"',
        'é',
        'ß',
        '€',
        '中',
        '🙂',
        '👍🏽',
        '\u00a0',
        '\t',
      ),
      fc.string({ unit: 'grapheme', maxLength: 4 }).map((s) => s.replace(/[\r\n]/g, '')),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

const block: fc.Arbitrary<Block> = fc.record(
  {
    id: fieldText.map((s) => s.replace(/\0/g, '')),
    event: fieldText.filter((s) => s !== ''),
    data: fc.array(fieldText, { minLength: 0, maxLength: 3 }),
    retry: fc.nat({ max: 100_000 }),
    comment: fieldText,
  },
  { requiredKeys: ['data'] },
);

const lineEnding = fc.constantFrom('\n', '\r', '\r\n');

/** Serialises blocks with a random line ending per line (CR never followed by an LF terminator). */
function serialise(blocks: Block[], endings: string[], bom: boolean): string {
  let text = bom ? '\uFEFF' : '';
  let index = 0;
  let previous = '';
  const line = (content: string): void => {
    let ending = endings[index % endings.length] ?? '\n';
    index += 1;
    // "x\r" followed by an empty line ended by "\n" reads as one CRLF: avoid that ambiguity.
    if (content === '' && previous.endsWith('\r') && ending === '\n') ending = '\r\n';
    text += content + ending;
    previous = ending;
  };
  for (const b of blocks) {
    if (b.comment !== undefined) line(`: ${b.comment}`);
    if (b.retry !== undefined) line(`retry: ${b.retry}`);
    if (b.id !== undefined) line(`id: ${b.id}`);
    if (b.event !== undefined) line(`event: ${b.event}`);
    for (const d of b.data) line(`data: ${d}`);
    line('');
  }
  return text;
}

/** Cuts `bytes` at the given offsets (sorted, deduplicated), so chunks may split characters. */
function cut(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

describe('SSE decoding under arbitrary chunking', () => {
  it('yields exactly the events of the unsplit stream, whatever the chunk boundaries', () => {
    fc.assert(
      fc.property(
        fc.array(block, { minLength: 1, maxLength: 8 }),
        fc.array(lineEnding, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 40 }),
        (blocks, endings, bom, offsets) => {
          const bytes = new TextEncoder().encode(serialise(blocks, endings, bom));
          const whole = decode([bytes]);
          expect(whole).toEqual(expected(blocks));
          expect(decode(cut(bytes, offsets))).toEqual(whole);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('survives a stream fed one byte at a time', () => {
    fc.assert(
      fc.property(
        fc.array(block, { minLength: 1, maxLength: 5 }),
        fc.array(lineEnding, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (blocks, endings, bom) => {
          const bytes = new TextEncoder().encode(serialise(blocks, endings, bom));
          const single = Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
          expect(decode(single)).toEqual(expected(blocks));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps a four-byte character split across three chunks intact', () => {
    const bytes = new TextEncoder().encode('data: a🙂b\n\n');
    // The emoji occupies bytes 7..10; cut inside it twice.
    const out = decode([bytes.subarray(0, 8), bytes.subarray(8, 10), bytes.subarray(10)]);
    expect(out.messages).toEqual([{ data: 'a🙂b' }]);
  });

  it('strips a BOM split across chunks, then parses the first event', () => {
    const bytes = new TextEncoder().encode('\uFEFFdata: first\n\n');
    const out = decode([bytes.subarray(0, 1), bytes.subarray(1, 2), bytes.subarray(2)]);
    expect(out.messages).toEqual([{ data: 'first' }]);
  });

  it('dispatches a final event that ends in a bare CR', () => {
    const out = decode([new TextEncoder().encode('data: last\r\r')]);
    expect(out.messages).toEqual([{ data: 'last' }]);
  });

  it('treats CRLF split between chunks as one line ending, not an empty line', () => {
    const out = decode([
      new TextEncoder().encode('data: one\r'),
      new TextEncoder().encode('\ndata: two\r\n\r\n'),
    ]);
    expect(out.messages).toEqual([{ data: 'one\ntwo' }]);
  });

  it('drops an unterminated block at the end of the stream, as SSE requires', () => {
    const out = decode([new TextEncoder().encode('data: done\n\ndata: half')]);
    expect(out.messages).toEqual([{ data: 'done' }]);
  });
});
