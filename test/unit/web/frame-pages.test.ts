// A host message larger than a frame reaches the page in parts, none larger than the frame the
// host accepts itself, and the bridge joins them back into exactly that message. Parts out of
// order are dropped with their message, never joined into something else.
import { describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, type HostMessage } from '../../../electron/contract/wire';
import { framesOf } from '../../../electron/web/frame-pages';
import { hostMessages } from '../../../src/platform/bridge/host-messages';

const bytes = (text: string) => Buffer.byteLength(text);

/** An event whose text mixes what JSON escapes and what UTF-8 widens: quotes, é, emoji, CJK. */
function bigEvent(chars: number): HostMessage {
  const unit = 'a"b\\c é 😀 漢 \n';
  const text = unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
  return {
    type: 'event',
    name: 'run.update',
    payload: { updates: [{ runId: 'r1', textAppended: text }] },
  };
}

describe('framesOf and hostMessages', () => {
  it('sends a message that fits as one frame, read as it was', () => {
    const message: HostMessage = { type: 'result', id: 3, result: { ok: true, data: [1, 2] } };
    const frames = framesOf(message, 0);
    expect(frames).toEqual([JSON.stringify(message)]);
    expect(hostMessages().read(frames[0])).toEqual(message);
  });

  it('pages a larger one in frames within the bound, joined back exactly', () => {
    const message = bigEvent(3 * MAX_FRAME_BYTES);
    const frames = framesOf(message, 7);
    expect(frames.length).toBeGreaterThan(3);
    for (const frame of frames) expect(bytes(frame)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    const reader = hostMessages();
    const read = frames.map((frame) => reader.read(frame));
    expect(read.slice(0, -1).every((message) => message === undefined)).toBe(true);
    expect(read.at(-1)).toEqual(message);
  });

  it('never cuts a surrogate pair, whatever the bound', () => {
    for (const max of [1_000, 1_001, 1_002, 4_099]) {
      const message: HostMessage = { type: 'event', name: 'e', payload: '😀'.repeat(5_000) };
      const frames = framesOf(message, 0, max);
      for (const frame of frames) {
        expect(bytes(frame)).toBeLessThanOrEqual(max);
        const part = JSON.parse(frame) as { text: string };
        expect(part.text).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
      }
      const reader = hostMessages();
      expect(frames.map((frame) => reader.read(frame)).at(-1)).toEqual(message);
    }
  });

  it('drops a message whose parts come out of order or mixed with another', () => {
    const first = framesOf(bigEvent(5_000), 1, 2_000);
    const second = framesOf(bigEvent(5_000), 2, 2_000);
    const reader = hostMessages();
    // A part missing: nothing comes of the rest.
    expect([first[0], ...first.slice(2)].map((frame) => reader.read(frame))).toEqual(
      Array(first.length - 1).fill(undefined),
    );
    // Two interleaved: neither is joined from the other's parts.
    const mixed = [first[0], second[1], ...first.slice(1)].map((frame) => reader.read(frame));
    expect(mixed.every((message) => message === undefined)).toBe(true);
    // After that, a whole one is read again.
    expect(second.map((frame) => reader.read(frame)).at(-1)).toEqual(bigEvent(5_000));
  });

  it('refuses to page a message beyond what the page would take', () => {
    expect(() => framesOf(bigEvent(2_000_000), 0, 2_000)).toThrow(RangeError);
  });
});
