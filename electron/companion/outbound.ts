// What the app sends one extension, framed for the socket. Chrome drops the port on a message over
// 1 MiB, so a longer one (a long answer's snapshot, a deal with a large record) is sent as parts:
// its JSON text cut into pieces that each fit, which the extension joins in order and parses.
//
// Every byte written waits in the socket until the relay takes it, so a client that stops reading
// would grow the app without end. Results and events alike are counted (queue-pool.ts): past what
// the connection may keep waiting, the connection is given up (`onOverflow`) instead of queuing
// more. A panel keeps up within milliseconds (the relay passes frames straight to the browser).
import type { Socket } from 'node:net';
import { MAX_TO_EXTENSION_BYTES, encodeText } from './frame-codec';
import type { OutboundMessage } from './protocol';
import { SLACK_BYTES, createQueuePool, type QueuePool } from './queue-pool';

/** Room for a part's own fields around its piece of text. */
const PART_OVERHEAD = 200;

export interface Outbound {
  /** Queues the message; false when the cap was passed and nothing more is sent. */
  send(message: OutboundMessage): boolean;
  /** Bytes written but not yet taken by the relay. */
  readonly backlog: number;
}

export interface OutboundOptions {
  maxBytes?: number;
  /** The host's pool (one per host); a connection alone gets a pool of its own. */
  pool?: QueuePool;
  /** The client is past the cap: called once, with the bytes it left waiting. */
  onOverflow?: (queuedBytes: number) => void;
}

/** Bytes one UTF-16 code unit takes inside a JSON string, escaped as JSON.stringify does. */
function escapedBytes(code: number): number {
  if (code === 0x22 || code === 0x5c) return 2;
  if (code < 0x20) return [0x08, 0x09, 0x0a, 0x0c, 0x0d].includes(code) ? 2 : 6;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  // Half of a surrogate pair: the pair is 4 bytes in UTF-8.
  if (code >= 0xd800 && code <= 0xdfff) return 2;
  return 3;
}

/**
 * Cuts `json` into pieces whose escaped UTF-8 form fits `budget` bytes, never between the two
 * halves of a surrogate pair (JSON.stringify's output has no lone halves).
 */
export function splitText(json: string, budget: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < json.length; i += 1) {
    const code = json.charCodeAt(i);
    const isPair = code >= 0xd800 && code <= 0xdbff && i + 1 < json.length;
    const size = isPair ? 4 : escapedBytes(code);
    if (bytes + size > budget && i > start) {
      pieces.push(json.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    if (isPair) i += 1;
  }
  if (start < json.length) pieces.push(json.slice(start));
  return pieces;
}

/** The frames of one message: itself, or its parts. */
function framesOf(message: OutboundMessage, maxBytes: number, id: () => number): Buffer[] {
  const json = JSON.stringify(message);
  if (Buffer.byteLength(json) <= maxBytes) return [encodeText(json, maxBytes)];
  const part = id();
  const pieces = splitText(json, maxBytes - PART_OVERHEAD);
  return pieces.map((text, index) =>
    encodeText(
      JSON.stringify({ type: 'part', message: part, index, count: pieces.length, text }),
      maxBytes,
    ),
  );
}

export function createOutbound(socket: Socket, options: OutboundOptions = {}): Outbound {
  const maxBytes = options.maxBytes ?? MAX_TO_EXTENSION_BYTES;
  const pool = options.pool ?? createQueuePool();
  let nextMessage = 1;
  let overflowed = false;
  /** Bytes waiting right after the last message went out: fewer now means the reader took some. */
  let level = 0;
  /** Bytes added past the connection's share since the reader last took any. */
  let slack = 0;
  const admits = (waiting: number, size: number): boolean => {
    if (waiting <= pool.perConnection || waiting < level) slack = 0;
    else slack += size;
    if (slack > SLACK_BYTES || !pool.admits(waiting, size)) return false;
    level = waiting + size;
    return true;
  };
  const leave = pool.join(() => socket.writableLength);
  socket.once('close', leave);
  const nextId = () => nextMessage++;
  return {
    send(message) {
      if (overflowed || socket.destroyed || !socket.writable) return false;
      const frames = framesOf(message, maxBytes, nextId);
      const size = frames.reduce((sum, frame) => sum + frame.length, 0);
      const waiting = socket.writableLength;
      if (!admits(waiting, size)) {
        overflowed = true;
        leave();
        options.onOverflow?.(waiting);
        return false;
      }
      for (const frame of frames) socket.write(frame);
      return true;
    },
    get backlog() {
      return socket.writableLength;
    },
  };
}
