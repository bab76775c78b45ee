// The companion socket's framing (relay ↔ app): a 4-byte little-endian length, then that many
// bytes of UTF-8 JSON. The relay turns Chrome's native-endian frames into these, so the app reads
// one byte order on every OS. The decoder takes the byte stream in chunks of any size, split
// anywhere, and never holds more than one frame: a frame longer than its limit is skipped as it
// streams past (its bytes are counted, not kept) and reported once. The length prefix is this
// hop's own; the limits are the wire's (contract/frames.ts), shared with browser mode.
import { MAX_FRAME_BYTES } from '../contract/frames';

/** Bytes in the length prefix. */
export const FRAME_HEADER_BYTES = 4;

/**
 * App → relay → extension: Chrome drops the port when a host's message exceeds 1 MiB, so nothing
 * the app sends may be larger (a larger answer travels in parts, see outbound.ts).
 */
export const MAX_TO_EXTENSION_BYTES = MAX_FRAME_BYTES;

/**
 * Relay → app: what the extension may ask with. The largest request the companion accepts is a
 * run's message (100,000 characters, at most 4 bytes each in UTF-8), so 1 MiB leaves room; the
 * relay refuses larger messages itself, and the app skips any that still come.
 */
export const MAX_TO_APP_BYTES = MAX_FRAME_BYTES;

/**
 * Relay → app: the deepest nesting of arrays and objects read. The companion's requests are a few
 * levels deep; a frame of a million `[` costs the parse (and every schema after it) far more than
 * its bytes say, so a deeper one is refused by a scan of its bytes before it is parsed.
 */
export const MAX_FRAME_DEPTH = 64;

export type DecodedFrame =
  | { kind: 'frame'; value: unknown }
  /** Not UTF-8, or not JSON: the frame is skipped, the stream stays in step. */
  | { kind: 'malformed'; reason: string }
  /** Longer than the limit: skipped without being buffered. */
  | { kind: 'oversized'; bytes: number }
  /**
   * Not parsed: over the reader's budget (`admit` said no) or nested deeper than the limit. Only
   * its call id is read, from the head of the frame, when it starts as the extension writes calls.
   */
  | { kind: 'unread'; reason: 'budget' | 'depth'; bytes: number; id: number | undefined };

export interface FrameDecoderOptions {
  /** Deepest nesting parsed (default MAX_FRAME_DEPTH). */
  maxDepth?: number;
  /** Asked for each whole frame before it is parsed, with its size: false leaves it unread. */
  admit?: (bytes: number) => boolean;
}

export interface FrameDecoder {
  /** Feeds the next bytes; returns the frames they completed, in order. */
  push(chunk: Uint8Array): DecodedFrame[];
  /** Bytes held for a frame not yet complete (its header, or its body so far). */
  readonly pending: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether `body` (JSON or not) nests arrays and objects deeper than `max`: brackets are counted
 * outside strings, one pass over the bytes, nothing allocated.
 */
export function nestsDeeperThan(body: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c) i += 1;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (byte === 0x5d || byte === 0x7d) depth -= 1;
  }
  return false;
}

/** A call's id read from the head of its frame (`{"type":"call","id":7,`), without parsing it. */
const CALL_HEAD = /^\{"type":"call","id":(\d{1,16}),/;

export function callIdAtHead(body: Uint8Array): number | undefined {
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.length, 40)).toString(
    'latin1',
  );
  const match = CALL_HEAD.exec(head);
  const id = match === null ? undefined : Number(match[1]);
  return id !== undefined && Number.isSafeInteger(id) ? id : undefined;
}

function readBody(body: Uint8Array, options: FrameDecoderOptions): DecodedFrame {
  if (options.admit !== undefined && !options.admit(body.length)) {
    return { kind: 'unread', reason: 'budget', bytes: body.length, id: callIdAtHead(body) };
  }
  if (nestsDeeperThan(body, options.maxDepth ?? MAX_FRAME_DEPTH)) {
    return { kind: 'unread', reason: 'depth', bytes: body.length, id: callIdAtHead(body) };
  }
  return parseBody(body);
}

function parseBody(body: Uint8Array): DecodedFrame {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { kind: 'malformed', reason: 'not UTF-8' };
  }
  try {
    return { kind: 'frame', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'malformed', reason: 'not JSON' };
  }
}

export function createFrameDecoder(
  maxFrameBytes: number,
  options: FrameDecoderOptions = {},
): FrameDecoder {
  const header = new Uint8Array(FRAME_HEADER_BYTES);
  let headerFilled = 0;
  /** The body being read, or null while skipping an oversized one (or between frames). */
  let body: Uint8Array | null = null;
  let bodyFilled = 0;
  /** Bytes of an oversized body still to skip. */
  let skipping = 0;

  const readHeader = (out: DecodedFrame[]) => {
    const length = new DataView(header.buffer).getUint32(0, true);
    headerFilled = 0;
    if (length > maxFrameBytes) {
      out.push({ kind: 'oversized', bytes: length });
      skipping = length;
    } else if (length === 0) {
      out.push(readBody(new Uint8Array(0), options));
    } else {
      body = new Uint8Array(length);
      bodyFilled = 0;
    }
  };

  return {
    push(chunk) {
      const out: DecodedFrame[] = [];
      let at = 0;
      while (at < chunk.length) {
        if (skipping > 0) {
          const skipped = Math.min(skipping, chunk.length - at);
          skipping -= skipped;
          at += skipped;
        } else if (body !== null) {
          const taken = Math.min(body.length - bodyFilled, chunk.length - at);
          body.set(chunk.subarray(at, at + taken), bodyFilled);
          bodyFilled += taken;
          at += taken;
          if (bodyFilled === body.length) {
            out.push(readBody(body, options));
            body = null;
          }
        } else {
          header[headerFilled] = chunk[at] as number;
          headerFilled += 1;
          at += 1;
          if (headerFilled === FRAME_HEADER_BYTES) readHeader(out);
        }
      }
      return out;
    },
    get pending() {
      return body !== null ? bodyFilled : headerFilled;
    },
  };
}

/** Thrown by `encodeFrame` for a value whose JSON is longer than the limit. */
export class FrameTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`A companion frame of ${bytes} bytes is over the limit.`);
    this.name = 'FrameTooLargeError';
  }
}

/** The UTF-8 JSON of `value` with its length prefix; at most `maxFrameBytes` of body. */
export function encodeFrame(value: unknown, maxFrameBytes: number): Buffer {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('A companion frame must be a JSON value.');
  return encodeText(json, maxFrameBytes);
}

/** The frame of a JSON text already serialised. */
export function encodeText(json: string, maxFrameBytes: number): Buffer {
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > maxFrameBytes) throw new FrameTooLargeError(bytes);
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + bytes);
  frame.writeUInt32LE(bytes, 0);
  frame.write(json, FRAME_HEADER_BYTES, 'utf8');
  return frame;
}
