// What the app sends one extension, framed for the socket. Chrome drops the port on a message over
// 1 MiB, so a longer one (a long answer's snapshot, a deal with a large record) is sent as parts
// by the contract's framer (contract/frames.ts, browser mode's too), which the extension joins
// in order and parses. One too large even for that is not sent: a result becomes an error.
//
// Every byte written waits in the socket until the relay takes it, so a client that stops reading
// would grow the app without end. Results and events alike are counted (queue-pool.ts): past what
// the connection may keep waiting, the connection is given up (`onOverflow`) instead of queuing
// more. A panel keeps up within milliseconds (the relay passes frames straight to the browser).
import type { Socket } from 'node:net';
import { HostErrorCodes, MessageTooLargeError, createFramer } from '../contract';
import { MAX_TO_EXTENSION_BYTES, encodeText } from './frame-codec';
import { failure, type OutboundMessage } from './protocol';
import { SLACK_BYTES, createQueuePool, type QueuePool } from './queue-pool';

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
  /** A message of this type was too large to send even in parts (a result goes as an error). */
  onTooLarge?: (type: OutboundMessage['type']) => void;
}

/** A result too large to send even in parts: the caller is told so instead. */
const TOO_LARGE = failure(
  HostErrorCodes.internal,
  'This answer is too large to send to the browser.',
);

export function createOutbound(socket: Socket, options: OutboundOptions = {}): Outbound {
  const maxBytes = options.maxBytes ?? MAX_TO_EXTENSION_BYTES;
  const pool = options.pool ?? createQueuePool();
  const framer = createFramer(maxBytes);
  const framesOf = (message: OutboundMessage): Buffer[] => {
    try {
      return framer.frames(message).map((text) => encodeText(text, maxBytes));
    } catch (error) {
      if (!(error instanceof MessageTooLargeError)) throw error;
      options.onTooLarge?.(message.type);
      if (message.type !== 'result') return [];
      const answer: OutboundMessage = { type: 'result', id: message.id, result: TOO_LARGE };
      return framesOf(answer);
    }
  };
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
  return {
    send(message) {
      if (overflowed || socket.destroyed || !socket.writable) return false;
      const frames = framesOf(message);
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
