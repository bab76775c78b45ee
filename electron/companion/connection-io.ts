// The socket side of one companion connection: frames in (each weighed by the rate limiter before
// it is parsed), frames out (capped, outbound.ts), when it last did either, and the timers that
// free a slot held by a connection that never says who it is or is never decided about.
import type { Socket } from 'node:net';
import type { Logger } from '../core/logs/logger';
import { MAX_TO_APP_BYTES, createFrameDecoder, type DecodedFrame } from './frame-codec';
import { createOutbound, type Outbound } from './outbound';
import type { QueuePool } from './queue-pool';
import { createRateLimiter, type RateDecision, type RateLimitOptions } from './rate-limit';
import { createRefusalTally, type RefusalTally } from './refusal-tally';

export interface ConnectionIoOptions {
  socket: Socket;
  log: Logger;
  rateLimit: RateLimitOptions;
  now: () => number;
  handshakeTimeoutMs: number;
  pendingTimeoutMs: number;
  /** What all the host's connections may keep waiting (queue-pool.ts). */
  queuePool: QueuePool;
  origin: () => string | undefined;
  /** `handshake` and `identify`: waiting for the relay's hello, then the extension's. */
  state: () => 'handshake' | 'identify' | 'pending' | 'allowed' | 'closed';
  /** Ends the connection's own state (the socket is then ended here). */
  close: () => void;
}

export interface ConnectionIo {
  readonly decoder: ReturnType<typeof createFrameDecoder>;
  /** Sends, and counts as activity. */
  readonly outbound: Outbound;
  /** The limiter's word on a frame just decoded. */
  decisionFor(frame: DecodedFrame): RateDecision;
  /** Refusals, counted for the log. */
  readonly refusals: RefusalTally;
  /** The log of this connection's lines. */
  readonly log: Logger;
  /** A frame came in. */
  touch(): void;
  readonly lastActivity: number;
  /** Both hellos were read: the handshake's timer ends, and a connection now pending gets its own. */
  greeted(): void;
  /** The connection closed: timers end, refusals are counted in the log. */
  stop(): void;
}

export function createConnectionIo(options: ConnectionIoOptions): ConnectionIo {
  const { socket, log, now } = options;
  let lastActivity = now();
  const raw = createOutbound(socket, {
    pool: options.queuePool,
    onOverflow: (queuedBytes) => {
      log.warn('Companion: closed a connection that stopped reading', {
        origin: options.origin(),
        queuedBytes,
      });
      options.close();
      socket.destroy();
    },
    onTooLarge: (type) => {
      log.warn('Companion: a message too large to send even in parts was not sent', {
        origin: options.origin(),
        type,
      });
    },
  });
  const refusals = createRefusalTally(log, options.origin);
  // One deadline for both hellos, the relay's and the extension's.
  const handshakeTimer = dropWithoutHandshake(options, () =>
    ['handshake', 'identify'].includes(options.state()),
  );
  let pendingTimer: ReturnType<typeof setTimeout> | undefined;
  const limiter = createRateLimiter(options.rateLimit, now);
  /** The limiter's word on the frame the decoder last completed, taken before it was parsed. */
  let admitted: RateDecision = 'allow';
  const decoder = createFrameDecoder(MAX_TO_APP_BYTES, {
    admit: (bytes) => (admitted = limiter.take(bytes)) === 'allow',
  });
  return {
    decoder,
    refusals,
    log,
    greeted() {
      clearTimeout(handshakeTimer);
      if (options.state() === 'pending') pendingTimer = closeUndecided(options);
    },
    stop() {
      clearTimeout(handshakeTimer);
      clearTimeout(pendingTimer);
      refusals.close();
    },
    outbound: {
      send(message) {
        lastActivity = now();
        return raw.send(message);
      },
      get backlog() {
        return raw.backlog;
      },
    },
    // An oversized frame is skipped unread: it costs a call but none of the byte budget.
    decisionFor: (frame) => (frame.kind === 'oversized' ? limiter.take() : admitted),
    touch() {
      lastActivity = now();
    },
    get lastActivity() {
      return lastActivity;
    },
  };
}

/** A connection left waiting for the user is closed, without a refusal: the panel reconnects. */
function closeUndecided(options: ConnectionIoOptions): ReturnType<typeof setTimeout> {
  return setTimeout(() => {
    if (options.state() !== 'pending') return;
    options.log.info('Companion: closed a connection that waited too long for a decision', {
      origin: options.origin(),
    });
    options.close();
    options.socket.end(() => options.socket.destroy());
  }, options.pendingTimeoutMs);
}

/** A connection that sends no handshake in time is dropped, so it holds no slot. */
function dropWithoutHandshake(
  options: { socket: Socket; log: Logger; handshakeTimeoutMs: number },
  waiting: () => boolean,
) {
  return setTimeout(() => {
    if (!waiting()) return;
    options.log.warn('Companion: dropped a connection that sent no handshake in time');
    options.socket.destroy();
  }, options.handshakeTimeoutMs);
}

/** One frame handled; a bug in handling it is logged and the connection goes on. */
function guarded(log: Logger, origin: string | undefined, handle: () => void) {
  try {
    handle();
  } catch (error) {
    log.error('Companion: a frame could not be handled', { origin, error });
  }
}

/** The socket's frames, one at a time, until the connection is closed. */
export function readFrames(
  { socket, log }: { socket: Socket; log: Logger },
  decoder: ReturnType<typeof createFrameDecoder>,
  on: {
    closed: () => boolean;
    origin: () => string | undefined;
    frame: (frame: DecodedFrame) => void;
    close: () => void;
  },
) {
  socket.on('data', (chunk: Buffer) => {
    for (const frame of decoder.push(chunk)) {
      if (on.closed()) return;
      guarded(log, on.origin(), () => on.frame(frame));
    }
  });
  socket.on('close', on.close);
  socket.on('error', (error) =>
    log.warn('Companion: connection error', { origin: on.origin(), error }),
  );
}
