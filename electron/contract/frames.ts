// One wire for both socket hosts: how a message too large for one frame travels as parts, and the
// limits both ends hold to. Browser mode's host (electron/web) and the companion's
// (electron/companion) cut with `createFramer`; browser mode's bridge (src/platform/bridge) and
// the extension's (extension/src/bridge) join with `createPartJoiner`. Runtime-neutral (no Buffer,
// no node:*): the page and the extension run it too.
//
// The shape is the companion's, unchanged, because the extension is published to the stores and
// updates apart from the app: an extension of today must keep joining what this app sends, and an
// extension built from this module must keep joining what an older app sends. So the part frame
// keeps its field names (`message` numbers the paged messages of one connection, from 1), and the
// limits are those the store extension enforces (it drops a message of more than 64 parts).
// Browser mode's page is always served by its own host, so its frames changed to match this.
import { z } from './zod';

/**
 * The largest frame either way, in bytes of UTF-8 JSON. Chrome drops a native-messaging port when
 * a host's message is over 1 MiB, so nothing the app sends the extension may be larger; browser
 * mode's host refuses a larger frame from a page (the WebSocket's maxPayload) and sends none
 * larger itself; the relay refuses a larger frame from the extension (docs/companion.md, "Frames").
 */
export const MAX_FRAME_BYTES = 1024 * 1024;

/**
 * The most parts one message may be cut in: 64, what the extension of today refuses beyond. The
 * largest message core sends is a run's detail (`runs.get`, browser mode): its transcript, at most
 * 20 MiB as stored, beside the service's record, an answer of at most 10 MiB (core/limits.ts).
 * Its JSON holds at most one character per byte read, and a part's escaping at most doubles it
 * (text of quotes: each `\"` in the JSON is four bytes in a part): 60 MiB, within 64 frames of
 * nearly 1 MiB (over 67,100,000 bytes). test/unit/contract/frames.test.ts sends that message.
 */
export const MAX_PARTS = 64;

/**
 * Characters a joined message may hold, so a joiner's memory is bounded whatever the parts claim:
 * 32 Mi, what the extension of today allows, above the 30 MiB of that largest message.
 */
export const MAX_JOINED_CHARS = 32 * 1024 * 1024;

/**
 * One of `count` pieces of a message's JSON text, sent one after another (`index` 0 to count - 1),
 * never interleaved with another paged message. `count` is checked against MAX_PARTS by the
 * joiner, not here, so a frame of too many parts is dropped as too large, not as unknown.
 */
export const PartFrame = z.object({
  type: z.literal('part'),
  /** Numbers the paged messages of one connection, so the pieces of two are never joined. */
  message: z.number().int().nonnegative(),
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  text: z.string(),
});
export type PartFrame = z.infer<typeof PartFrame>;

/** Thrown by a framer for a message that MAX_PARTS parts (or MAX_JOINED_CHARS) cannot carry. */
export class MessageTooLargeError extends RangeError {
  constructor(readonly chars: number) {
    super(`A message of ${chars} characters is too large to send in parts.`);
    this.name = 'MessageTooLargeError';
  }
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Bytes of `text` in UTF-8, as TextEncoder writes it (a lone surrogate as U+FFFD), uncopied. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (isHigh(code) && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes one UTF-16 code unit (not half of a pair) takes inside a JSON string, as escaped. */
function escapedBytes(code: number): number {
  if (code === 0x22 || code === 0x5c) return 2;
  if (code < 0x20) return [0x08, 0x09, 0x0a, 0x0c, 0x0d].includes(code) ? 2 : 6;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  // A lone half of a pair: JSON.stringify writes it as \udxxx.
  if (code >= 0xd800 && code <= 0xdfff) return 6;
  return 3;
}

/**
 * Cuts `text` into pieces whose JSON-escaped UTF-8 form (quotes aside) fits `budget` bytes, never
 * between the two halves of a surrogate pair, so every piece is itself well-formed text.
 */
export function splitText(text: string, budget: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const isPair = isHigh(code) && i + 1 < text.length && isLow(text.charCodeAt(i + 1));
    const size = isPair ? 4 : escapedBytes(code);
    if (bytes + size > budget && i > start) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    if (isPair) i += 1;
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}

/** A part frame's own bytes beside its text, at the widest index and count it may have. */
function partOverhead(message: number): number {
  const empty: PartFrame = { type: 'part', message, index: MAX_PARTS, count: MAX_PARTS, text: '' };
  return utf8Bytes(JSON.stringify(empty));
}

/**
 * The frames (JSON texts, each at most `maxBytes` in UTF-8) that carry the message whose JSON is
 * `json`: itself when it fits, else its parts numbered `message`. Throws MessageTooLargeError when
 * a joiner would refuse the parts (the caller answers with an error instead).
 */
export function frameTexts(json: string, message: number, maxBytes = MAX_FRAME_BYTES): string[] {
  if (utf8Bytes(json) <= maxBytes) return [json];
  if (json.length > MAX_JOINED_CHARS) throw new MessageTooLargeError(json.length);
  const budget = maxBytes - partOverhead(message);
  if (budget < 6) throw new RangeError(`A frame of ${maxBytes} bytes cannot carry a part.`);
  const pieces = splitText(json, budget);
  if (pieces.length > MAX_PARTS) throw new MessageTooLargeError(json.length);
  return pieces.map((text, index) => {
    const part: PartFrame = { type: 'part', message, index, count: pieces.length, text };
    return JSON.stringify(part);
  });
}

/** One connection's sender: it numbers the messages it pages, from 1. */
export interface Framer {
  /** The frames of `message` (any JSON value); throws MessageTooLargeError as frameTexts does. */
  frames(message: unknown): string[];
}

export function createFramer(maxBytes = MAX_FRAME_BYTES): Framer {
  let next = 1;
  return {
    frames(message) {
      const json = JSON.stringify(message);
      if (json === undefined) throw new TypeError('A frame must carry a JSON value.');
      const frames = frameTexts(json, next, maxBytes);
      if (frames.length > 1) next += 1;
      return frames;
    },
  };
}

export type JoinOutcome =
  | { kind: 'waiting' }
  | { kind: 'complete'; text: string }
  | { kind: 'dropped'; reason: 'out-of-order' | 'too-large' };

/** One connection's reader of parts: one message at a time, in order. */
export interface PartJoiner {
  accept(part: PartFrame): JoinOutcome;
  /** A new connection starts clean: a message cut by a disconnect is not continued. */
  reset(): void;
}

/**
 * A piece out of order, of another message, with a count that changed, or more parts or text than
 * the limits allow ends the message being joined: it is dropped whole, never parsed half. A piece
 * with index 0 starts a new message (one left unfinished is dropped: the hosts send one at a time).
 */
export function createPartJoiner(): PartJoiner {
  let current: { message: number; count: number; pieces: string[]; chars: number } | null = null;
  const drop = (reason: 'out-of-order' | 'too-large'): JoinOutcome => {
    current = null;
    return { kind: 'dropped', reason };
  };
  return {
    accept(part) {
      if (part.count > MAX_PARTS) return drop('too-large');
      if (part.index === 0) {
        current = { message: part.message, count: part.count, pieces: [], chars: 0 };
      } else if (
        current === null ||
        current.message !== part.message ||
        current.count !== part.count ||
        current.pieces.length !== part.index
      ) {
        return drop('out-of-order');
      }
      current.chars += part.text.length;
      if (current.chars > MAX_JOINED_CHARS) return drop('too-large');
      current.pieces.push(part.text);
      if (current.pieces.length < current.count) return { kind: 'waiting' };
      const text = current.pieces.join('');
      current = null;
      return { kind: 'complete', text };
    },
    reset() {
      current = null;
    },
  };
}
