// Browser mode's page reads what its host cuts with the contract's framer (the host's page socket
// uses the same): a message larger than a frame reaches the page in parts, none larger than the
// frame the host accepts itself, and the bridge joins them back into exactly that message. Parts
// out of order are dropped with their message, never joined into something else. (The framer and
// joiner themselves: test/unit/contract/frames.test.ts.)
import { describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, createFramer } from '../../../../../electron/contract/frames';
import type { HostMessage } from '../../../../../electron/contract/wire';
import { hostMessages } from '../../../../../src/platform/bridge/host-messages';

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

describe('a page reads the host frames', () => {
  it('reads a message that fits in one frame as it was', () => {
    const message: HostMessage = { type: 'result', id: 3, result: { ok: true, data: [1, 2] } };
    const frames = createFramer().frames(message);
    expect(frames).toHaveLength(1);
    expect(hostMessages().read(frames[0])).toEqual(message);
  });

  it('joins a paged one, in frames within the bound, back exactly', () => {
    const message = bigEvent(3 * MAX_FRAME_BYTES);
    const frames = createFramer().frames(message);
    expect(frames.length).toBeGreaterThan(3);
    for (const frame of frames) expect(bytes(frame)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    const reader = hostMessages();
    const read = frames.map((frame) => reader.read(frame));
    expect(read.slice(0, -1).every((message) => message === undefined)).toBe(true);
    expect(read.at(-1)).toEqual(message);
  });

  it('drops a message whose parts come out of order or mixed with another', () => {
    const framer = createFramer(2_000);
    const first = framer.frames(bigEvent(5_000));
    const second = framer.frames(bigEvent(5_000));
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

  it('reads nothing from what is not a host frame', () => {
    const reader = hostMessages();
    for (const garbage of [42, 'not json', '{"type":"nope"}', '{"type":"part","seq":1}']) {
      expect(reader.read(garbage)).toBeUndefined();
    }
  });
});
