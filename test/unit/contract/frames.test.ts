// The one wire both socket hosts send on and both clients read (electron/contract/frames.ts): a
// message larger than a frame goes in parts, none larger than the frame, that the joiner puts back
// into exactly that message; parts out of order, of two messages mixed, or past the limits are
// dropped with their message, never joined into something else. And the part frame is the one the
// store extension of today reads: it updates apart from the app.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAX_FRAME_BYTES,
  MAX_JOINED_CHARS,
  MAX_PARTS,
  MessageTooLargeError,
  createFramer,
  createPartJoiner,
  frameTexts,
  splitText,
  utf8Bytes,
  type JoinOutcome,
  type PartFrame,
} from '../../../electron/contract/frames';
import { DEFAULT_ANSWER_LIMITS } from '../../../electron/core/limits';

const bytes = (text: string) => Buffer.byteLength(text);

/** An event whose text mixes what JSON escapes and what UTF-8 widens: quotes, é, emoji, CJK. */
function bigEvent(chars: number) {
  const unit = 'a"b\\c é 😀 漢 \n';
  const text = unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
  return {
    type: 'event',
    name: 'run.update',
    payload: { updates: [{ runId: 'r1', textAppended: text }] },
  };
}

/** Reads frames as a client does: a whole message, or parts joined; the messages completed. */
function readAll(frames: string[], joiner = createPartJoiner()): unknown[] {
  const read: unknown[] = [];
  for (const frame of frames) {
    const value = JSON.parse(frame) as { type?: unknown };
    if (value.type !== 'part') read.push(value);
    else {
      const outcome = joiner.accept(value as PartFrame);
      if (outcome.kind === 'complete') read.push(JSON.parse(outcome.text));
    }
  }
  return read;
}

const part = (message: number, index: number, count: number, text: string): PartFrame => ({
  type: 'part',
  message,
  index,
  count,
  text,
});

describe('splitting a long message into pieces', () => {
  it('gives pieces that rejoin exactly and each fit the budget once escaped', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.integer({ min: 8, max: 64 }),
        (text, budget) => {
          const json = JSON.stringify({ text });
          const pieces = splitText(json, budget);
          expect(pieces.join('')).toBe(json);
          for (const piece of pieces) {
            expect(bytes(JSON.stringify(piece))).toBeLessThanOrEqual(budget + 2);
            // No piece ends between the halves of a surrogate pair.
            const last = piece.charCodeAt(piece.length - 1);
            expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
          }
        },
      ),
    );
  });

  it('keeps a message that fits in one piece', () => {
    expect(splitText('{"a":1}', 100)).toEqual(['{"a":1}']);
  });

  it('counts UTF-8 bytes as an encoder writes them, lone surrogates too', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
  });
});

describe('the framer and the joiner', () => {
  it('sends a message that fits as one frame, read as it was', () => {
    const message = { type: 'result', id: 3, result: { ok: true, data: [1, 2] } };
    const frames = createFramer().frames(message);
    expect(frames).toEqual([JSON.stringify(message)]);
    expect(readAll(frames)).toEqual([message]);
  });

  it('pages a larger one in frames within the bound, joined back exactly', () => {
    const message = bigEvent(3 * MAX_FRAME_BYTES);
    const frames = createFramer().frames(message);
    expect(frames.length).toBeGreaterThan(3);
    for (const frame of frames) expect(bytes(frame)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    const joiner = createPartJoiner();
    const outcomes = frames.map((frame) => joiner.accept(JSON.parse(frame) as PartFrame));
    expect(outcomes.slice(0, -1).every((outcome) => outcome.kind === 'waiting')).toBe(true);
    const last = outcomes.at(-1) as JoinOutcome;
    expect(last.kind === 'complete' && JSON.parse(last.text)).toEqual(message);
  });

  it('carries any text in frames within any bound, joined back exactly', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 600 }),
        fc.integer({ min: 120, max: 400 }),
        (text, maxBytes) => {
          const message = { type: 'event', name: 'e', payload: text };
          const frames = frameTexts(JSON.stringify(message), 5, maxBytes);
          for (const frame of frames) expect(bytes(frame)).toBeLessThanOrEqual(maxBytes);
          expect(readAll(frames)).toEqual([message]);
        },
      ),
    );
  });

  it('never cuts a surrogate pair, whatever the bound', () => {
    for (const max of [1_000, 1_001, 1_002, 4_099]) {
      const message = { type: 'event', name: 'e', payload: '😀'.repeat(5_000) };
      const frames = frameTexts(JSON.stringify(message), 0, max);
      for (const frame of frames) {
        expect(bytes(frame)).toBeLessThanOrEqual(max);
        const { text } = JSON.parse(frame) as { text: string };
        expect(text).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
      }
      expect(readAll(frames)).toEqual([message]);
    }
  });

  it('numbers the messages it pages, from 1, so two are never joined as one', () => {
    const framer = createFramer(2_000);
    const numbers = (frames: string[]) =>
      frames.map((frame) => (JSON.parse(frame) as { message?: number }).message);
    const first = numbers(framer.frames(bigEvent(5_000)));
    expect(first.length).toBeGreaterThan(1);
    expect(new Set(first)).toEqual(new Set([1]));
    expect(numbers(framer.frames({ type: 'event', name: 'small', payload: 1 }))).toEqual([
      undefined,
    ]);
    expect(new Set(numbers(framer.frames(bigEvent(5_000))))).toEqual(new Set([2]));
  });

  it('drops a message whose parts come out of order or mixed with another', () => {
    const framer = createFramer(2_000);
    const first = framer.frames(bigEvent(5_000));
    const second = framer.frames(bigEvent(5_000));
    const joiner = createPartJoiner();
    // A part missing: nothing comes of the rest.
    expect(readAll([first[0] as string, ...first.slice(2)], joiner)).toEqual([]);
    // Two interleaved: neither is joined from the other's parts.
    expect(readAll([first[0] as string, second[1] as string, ...first.slice(1)], joiner)).toEqual(
      [],
    );
    // After that, a whole one is read again.
    expect(readAll(second, joiner)).toEqual([bigEvent(5_000)]);
  });

  it('says why it drops: out of order, more parts or characters than the limits', () => {
    const joiner = createPartJoiner();
    expect(joiner.accept(part(1, 0, 3, '{'))).toEqual({ kind: 'waiting' });
    expect(joiner.accept(part(1, 2, 3, '}'))).toEqual({ kind: 'dropped', reason: 'out-of-order' });
    expect(joiner.accept(part(2, 1, 2, '}'))).toEqual({ kind: 'dropped', reason: 'out-of-order' });
    expect(joiner.accept(part(3, 0, MAX_PARTS + 1, '{'))).toEqual({
      kind: 'dropped',
      reason: 'too-large',
    });
    const half = 'x'.repeat(MAX_JOINED_CHARS / 2);
    expect(joiner.accept(part(4, 0, 3, half))).toEqual({ kind: 'waiting' });
    expect(joiner.accept(part(4, 1, 3, half))).toEqual({ kind: 'waiting' });
    expect(joiner.accept(part(4, 2, 3, 'x'))).toEqual({ kind: 'dropped', reason: 'too-large' });
    // A count that changes midway.
    expect(joiner.accept(part(5, 0, 3, '['))).toEqual({ kind: 'waiting' });
    expect(joiner.accept(part(5, 1, 2, ']'))).toEqual({ kind: 'dropped', reason: 'out-of-order' });
    // A new connection does not continue a message cut by a disconnect.
    expect(joiner.accept(part(6, 0, 2, '['))).toEqual({ kind: 'waiting' });
    joiner.reset();
    expect(joiner.accept(part(6, 1, 2, ']'))).toEqual({ kind: 'dropped', reason: 'out-of-order' });
    expect(joiner.accept(part(7, 0, 1, '[]'))).toEqual({ kind: 'complete', text: '[]' });
  });

  it('carries the largest message core sends, of the text that escapes worst', () => {
    // A run's detail: a record as large as an answer may be, and a transcript as large as a run
    // may be stored, both of quotes (each two bytes where they were read, four in a part).
    const quotes = (bytes: number) => '"'.repeat(bytes / 2);
    const detail = {
      type: 'result',
      id: 1,
      result: {
        ok: true,
        data: {
          record: { notes: quotes(DEFAULT_ANSWER_LIMITS.maxBodyBytes) },
          transcript: { text: quotes(DEFAULT_ANSWER_LIMITS.maxRunBytes) },
        },
      },
    };
    const frames = createFramer().frames(detail);
    expect(frames.length).toBeGreaterThan(MAX_PARTS - 8);
    expect(frames.length).toBeLessThanOrEqual(MAX_PARTS);
  });

  it('refuses to cut a message beyond what a joiner would take', () => {
    // More parts than MAX_PARTS of this frame size.
    expect(() => frameTexts(JSON.stringify(bigEvent(200_000)), 1, 2_000)).toThrow(
      MessageTooLargeError,
    );
    // More characters than MAX_JOINED_CHARS, whatever the frame.
    const long = JSON.stringify({ text: 'x'.repeat(MAX_JOINED_CHARS) });
    expect(() => frameTexts(long, 1)).toThrow(MessageTooLargeError);
  });
});

describe('compatibility with the store extension of today', () => {
  /** The extension's joiner as published (extension/src/bridge/parts.ts before this module). */
  const PUBLISHED_MAX_PARTS = 64;
  const PublishedPart = z.object({
    type: z.literal('part'),
    message: z.number().int().nonnegative(),
    index: z.number().int().nonnegative(),
    count: z.number().int().positive(),
    text: z.string(),
  });

  it('writes parts the published extension reads, never more than it joins', () => {
    expect(MAX_PARTS).toBe(PUBLISHED_MAX_PARTS);
    expect(MAX_JOINED_CHARS).toBe(32 * 1024 * 1024);
    const frames = createFramer().frames(bigEvent(10 * MAX_FRAME_BYTES));
    expect(frames.length).toBeGreaterThan(1);
    expect(frames.length).toBeLessThanOrEqual(PUBLISHED_MAX_PARTS);
    frames.forEach((frame, index) => {
      const parsed = PublishedPart.parse(JSON.parse(frame));
      expect(parsed).toMatchObject({ message: 1, index, count: frames.length });
    });
  });
});
