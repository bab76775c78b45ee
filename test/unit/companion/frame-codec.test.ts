import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FRAME_HEADER_BYTES,
  FrameTooLargeError,
  createFrameDecoder,
  encodeFrame,
  type DecodedFrame,
} from '../../../electron/companion/frame-codec';

const LIMIT = 4096;

/** Cuts `bytes` at the given offsets (sorted, deduplicated, inside the buffer). */
function cut(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.subarray(from, point));
    from = point;
  }
  return pieces;
}

function decodeAll(pieces: Uint8Array[], limit = LIMIT): DecodedFrame[] {
  const decoder = createFrameDecoder(limit);
  const out = pieces.flatMap((piece) => decoder.push(piece));
  expect(decoder.pending).toBe(0);
  return out;
}

function rawFrame(body: Uint8Array): Uint8Array {
  const frame = new Uint8Array(FRAME_HEADER_BYTES + body.length);
  new DataView(frame.buffer).setUint32(0, body.length, true);
  frame.set(body, FRAME_HEADER_BYTES);
  return frame;
}

const jsonValue = fc.jsonValue({ maxDepth: 3 });

describe('companion frame codec', () => {
  it('writes the length little-endian before the UTF-8 JSON', () => {
    const frame = encodeFrame({ a: 'é' }, LIMIT);
    expect([...frame.subarray(0, 4)]).toEqual([10, 0, 0, 0]);
    expect(frame.subarray(4).toString('utf8')).toBe('{"a":"é"}');
  });

  it('decodes every frame, in order, under any split of the byte stream', () => {
    fc.assert(
      fc.property(
        fc.array(jsonValue, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (values, offsets) => {
          const stream = Buffer.concat(values.map((v) => encodeFrame(v, LIMIT * 64)));
          const decoded = decodeAll(cut(stream, offsets), LIMIT * 64);
          expect(decoded).toEqual(
            values.map((v) => ({ kind: 'frame', value: JSON.parse(JSON.stringify(v)) })),
          );
        },
      ),
    );
  });

  it('skips an oversized frame without buffering it and stays in step, under any split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: LIMIT + 1, max: LIMIT * 8 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (size, offsets) => {
          const big = rawFrame(new Uint8Array(size).fill(0x61));
          const stream = Buffer.concat([encodeFrame(1, LIMIT), big, encodeFrame('after', LIMIT)]);
          const decoder = createFrameDecoder(LIMIT);
          const out: DecodedFrame[] = [];
          for (const piece of cut(stream, offsets)) {
            out.push(...decoder.push(piece));
            // Never more than one header's worth held while the big body streams past.
            expect(decoder.pending).toBeLessThanOrEqual(LIMIT);
          }
          expect(out).toEqual([
            { kind: 'frame', value: 1 },
            { kind: 'oversized', bytes: size },
            { kind: 'frame', value: 'after' },
          ]);
        },
      ),
    );
  });

  it('reports a frame of 4 GiB less one byte as oversized from its header alone', () => {
    const decoder = createFrameDecoder(LIMIT);
    expect(decoder.push(Uint8Array.of(0xff, 0xff, 0xff, 0xff))).toEqual([
      { kind: 'oversized', bytes: 0xffffffff },
    ]);
    expect(decoder.pending).toBe(0);
  });

  it('reports bodies that are not UTF-8 or not JSON, and goes on with the next frame', () => {
    const stream = Buffer.concat([
      rawFrame(Uint8Array.of(0xc3, 0x28)),
      rawFrame(new TextEncoder().encode('{"open": ')),
      rawFrame(new Uint8Array(0)),
      encodeFrame({ ok: true }, LIMIT),
    ]);
    expect(decodeAll([stream])).toEqual([
      { kind: 'malformed', reason: 'not UTF-8' },
      { kind: 'malformed', reason: 'not JSON' },
      { kind: 'malformed', reason: 'not JSON' },
      { kind: 'frame', value: { ok: true } },
    ]);
  });

  it('refuses to encode a value whose JSON is over the limit', () => {
    expect(() => encodeFrame('x'.repeat(LIMIT), LIMIT)).toThrow(FrameTooLargeError);
    expect(encodeFrame('x'.repeat(LIMIT - 2), LIMIT).length).toBe(FRAME_HEADER_BYTES + LIMIT);
  });
});
