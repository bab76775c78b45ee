// One relay's connection, from its handshake to its end. The relay's first frame says which
// extension it speaks for; until it comes (within a timeout) nothing else is read. Then the
// user's decision applies: allowed → the narrow contract is served and the followed runs' events
// sent; not decided yet → "waiting for approval" until the user decides; denied → refused.
// Frames that are malformed, oversized, outside the subset or too many are refused one by one
// and logged; none of them ends the app, and only a persistent flood ends the connection.
import type { Socket } from 'node:net';
import type { EventName, EventPayload, RunUpdates } from '../../contract';
import type { Dispatch } from '../host/dispatcher';
import type { EventHub } from '../host/event-hub';
import type { Logger } from '../logs/logger';
import { MAX_TO_APP_BYTES, createFrameDecoder, type DecodedFrame } from './frame-codec';
import { createOutbound } from './outbound';
import type { Decision, PairingStore } from './pairings';
import {
  COMPANION_PROTOCOL,
  Call,
  CompanionErrorCodes,
  Hello,
  failure,
  type RefusalReason,
} from './protocol';
import { createRateLimiter, type RateLimitOptions } from './rate-limit';
import { SUBSET, isSubsetName, serveSubset } from './subset';

/** A reader further behind than this is not sent events (results still go). */
const MAX_EVENT_BACKLOG = 8 * 1024 * 1024;
/** Calls of one connection being served at once. */
const MAX_IN_FLIGHT = 16;

export type ConnectionState = 'handshake' | 'pending' | 'allowed' | 'closed';

export interface ConnectionOptions {
  socket: Socket;
  dispatch: Dispatch;
  events: Pick<EventHub, 'subscribe'>;
  pairings: PairingStore;
  log: Logger;
  appVersion: string;
  handshakeTimeoutMs: number;
  rateLimit: RateLimitOptions;
  now: () => number;
  /** An origin the user has not decided about connected: ask them. */
  onPairingRequest: (origin: string) => void;
  onClosed: () => void;
}

export interface CompanionConnection {
  readonly origin: string | undefined;
  readonly state: ConnectionState;
  /** The user decided about this connection's origin. */
  decided(decision: Decision): void;
  /** Ends the connection, telling the extension why. */
  cut(reason: RefusalReason, message: string): void;
}

const EVENTS_FOR_COMPANION = new Set<EventName>([
  'run.update',
  'runs.changed',
  'session.changed',
  'connectivity.changed',
]);

/** The id of a frame that is not a well-formed call, when it has one, to answer it by. */
function callIdOf(frame: DecodedFrame): number | undefined {
  if (frame.kind !== 'frame' || typeof frame.value !== 'object' || frame.value === null) {
    return undefined;
  }
  const id = (frame.value as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

// eslint-disable-next-line max-lines-per-function -- factory: named inner functions share the connection's state
export function serveConnection(options: ConnectionOptions): CompanionConnection {
  const { socket, log } = options;
  const outbound = createOutbound(socket);
  const decoder = createFrameDecoder(MAX_TO_APP_BYTES);
  const limiter = createRateLimiter(options.rateLimit, options.now);
  const followed = new Set<string>();
  const follows = { has: (id: string) => followed.has(id), add: (id: string) => followed.add(id) };
  let state: ConnectionState = 'handshake';
  let origin: string | undefined;
  let inFlight = 0;
  let unsubscribe: (() => void) | undefined;

  const handshakeTimer = setTimeout(() => {
    if (state !== 'handshake') return;
    log.warn('Companion: dropped a connection that sent no handshake in time');
    socket.destroy();
  }, options.handshakeTimeoutMs);

  function cut(reason: RefusalReason, message: string) {
    if (state === 'closed') return;
    outbound.send({ type: 'refused', reason, message });
    close();
    // Once the refusal is written the socket goes, whether or not the relay closes its side.
    socket.end(() => socket.destroy());
  }

  function close() {
    if (state === 'closed') return;
    state = 'closed';
    clearTimeout(handshakeTimer);
    unsubscribe?.();
    options.onClosed();
  }

  function forward<E extends EventName>(name: E, payload: EventPayload<E>) {
    if (!EVENTS_FOR_COMPANION.has(name) || outbound.backlog > MAX_EVENT_BACKLOG) return;
    if (name === 'run.update') {
      const updates = (payload as RunUpdates).updates.filter((u) => followed.has(u.runId));
      if (updates.length > 0) outbound.send({ type: 'event', name, payload: { updates } });
    } else if (name === 'runs.changed') {
      const runs = (payload as EventPayload<'runs.changed'>).runs.filter((r) =>
        followed.has(r.runId),
      );
      if (runs.length > 0) outbound.send({ type: 'event', name, payload: { runs } });
    } else {
      outbound.send({ type: 'event', name, payload });
    }
  }

  function allow(from: string) {
    state = 'allowed';
    outbound.send({
      type: 'pairing',
      state: 'allowed',
      message: 'Assistant Desktop is connected.',
      requests: SUBSET,
      app: options.appVersion,
    });
    unsubscribe = options.events.subscribe(forward);
    void options.pairings.markUsed(from).catch((error: unknown) => {
      log.warn('Companion: could not record when a browser was last used', { error });
    });
  }

  function greet(frame: DecodedFrame) {
    clearTimeout(handshakeTimer);
    const hello = frame.kind === 'frame' ? Hello.safeParse(frame.value) : undefined;
    if (hello === undefined || !hello.success) {
      log.warn('Companion: refused a connection whose handshake was not one');
      cut('bad-handshake', 'The connection did not start with a handshake.');
      return;
    }
    if (hello.data.protocol !== COMPANION_PROTOCOL) {
      log.warn('Companion: refused a relay of another protocol', { protocol: hello.data.protocol });
      cut('protocol', 'This relay does not match this version of Assistant Desktop.');
      return;
    }
    origin = hello.data.origin;
    const entry = options.pairings.get(origin);
    log.info('Companion: a browser connected', { origin, relay: hello.data.relay });
    if (entry?.decision === 'allowed') allow(origin);
    else if (entry?.decision === 'denied') refuseDenied();
    else {
      state = 'pending';
      outbound.send({
        type: 'pairing',
        state: 'pending',
        message: 'Waiting for you to allow this browser in Assistant Desktop.',
      });
      options.onPairingRequest(origin);
    }
  }

  function refuseDenied() {
    log.info('Companion: refused a browser the user denied', { origin });
    cut('denied', 'Assistant Desktop was told not to answer this browser.');
  }

  function call(frame: DecodedFrame) {
    const decision = limiter.take();
    if (decision === 'close') {
      log.warn('Companion: closed a connection that kept flooding', { origin });
      cut('flood', 'Too many messages; the connection was closed.');
      return;
    }
    const parsed = frame.kind === 'frame' ? Call.safeParse(frame.value) : undefined;
    const id = parsed?.success === true ? parsed.data.id : callIdOf(frame);
    const refuse = (code: string, message: string, retryable = false) => {
      if (id === undefined) outbound.send({ type: 'notice', code, message });
      else outbound.send({ type: 'result', id, result: failure(code, message, retryable) });
    };
    if (decision === 'refuse') {
      refuse(CompanionErrorCodes.rateLimited, 'Too many requests; wait a moment.', true);
    } else if (frame.kind === 'oversized') {
      log.warn('Companion: refused an oversized frame', { origin, bytes: frame.bytes });
      refuse(CompanionErrorCodes.tooLarge, 'That message is too large.');
    } else if (parsed === undefined || !parsed.success) {
      log.warn('Companion: refused a malformed frame', { origin });
      refuse(CompanionErrorCodes.malformed, 'That message was not a request.');
    } else if (state === 'pending') {
      refuse(
        CompanionErrorCodes.pairingPending,
        'Allow this browser in Assistant Desktop first.',
        true,
      );
    } else if (!isSubsetName(parsed.data.name)) {
      log.warn('Companion: refused a request outside its subset', {
        origin,
        name: parsed.data.name,
      });
      refuse(CompanionErrorCodes.notInSubset, 'The browser companion cannot ask for that.');
    } else if (inFlight >= MAX_IN_FLIGHT) {
      refuse(CompanionErrorCodes.rateLimited, 'Too many requests at once; wait a moment.', true);
    } else {
      serve(parsed.data.id, parsed.data.name, parsed.data.input);
    }
  }

  function serve(id: number, name: (typeof SUBSET)[number], input: unknown) {
    inFlight += 1;
    serveSubset(name, input, { host: 'companion' }, options.dispatch, follows)
      .catch((error: unknown) => {
        log.error('Companion: a request failed unexpectedly', { name, error });
        return failure('internal_error', 'Something went wrong inside the app.');
      })
      .then((result) => {
        inFlight -= 1;
        if (state !== 'closed') outbound.send({ type: 'result', id, result });
      })
      .catch(() => undefined);
  }

  socket.on('data', (chunk: Buffer) => {
    for (const frame of decoder.push(chunk)) {
      if (state === 'closed') return;
      try {
        if (state === 'handshake') greet(frame);
        else call(frame);
      } catch (error) {
        log.error('Companion: a frame could not be handled', { origin, error });
      }
    }
  });
  socket.on('close', close);
  socket.on('error', (error) => log.warn('Companion: connection error', { origin, error }));

  return {
    get origin() {
      return origin;
    },
    get state() {
      return state;
    },
    decided(decision) {
      if (state !== 'pending' || origin === undefined) return;
      if (decision === 'allowed') allow(origin);
      else refuseDenied();
    },
    cut,
  };
}
