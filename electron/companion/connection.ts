// One relay's connection, from its handshake to its end. The relay's first frame says which
// extension it speaks for; an origin this build does not let in is refused there (one log line,
// no question to the user). The extension's own first frame presents the key an earlier Allow
// gave it; until both come (within a timeout) nothing else is read. Then the user's decision
// applies: allowed and the right key → the narrow contract is served and the followed runs'
// events sent; allowed but no key or another one → refused, with no question (a process that
// only claims the origin must not be able to raise one: docs/companion.md); not decided yet, or
// allowed before keys existed → "waiting for approval" until the user decides; denied → refused.
// Frames that are malformed, oversized, outside the subset or too many are refused one by one
// and logged once per kind (refusal-tally.ts); none of them ends the app, and only a persistent
// flood, or a client that stops reading what it asked for (outbound.ts), ends the connection.
import type { Socket } from 'node:net';
import type {
  CompanionBrowserName,
  EventName,
  EventPayload,
  RefusalReason,
  RunUpdates,
} from '../contract';
import type { Dispatch } from '../core/host/dispatcher';
import type { EventHub } from '../core/host/event-hub';
import type { Logger } from '../core/logs/logger';
import { browserOf } from './browser-name';
import { createConnectionIo, readFrames, type ConnectionIo } from './connection-io';
import type { DecodedFrame } from './frame-codec';
import type { Outbound } from './outbound';
import type { PairingStore } from '../core/pairings/store';
import {
  deniedMessage,
  isExtensionHello,
  presentedKey,
  readRelayHello,
  refusalFor,
} from './handshake';
import { checkCall, type CheckedCall } from './call-check';
import { failure } from './protocol';
import type { QueuePool } from './queue-pool';
import type { RateLimitOptions } from './rate-limit';
import { SUBSET, serveSubset } from './subset';

/** `handshake`: waiting for the relay's hello; `identify`: for the extension's (its key). */
export type ConnectionState = 'handshake' | 'identify' | 'pending' | 'allowed' | 'closed';

export interface ConnectionOptions {
  socket: Socket;
  dispatch: Dispatch;
  events: Pick<EventHub, 'subscribe'>;
  pairings: PairingStore;
  /** The origins this build lets in (extension-ids.ts): any other is refused at the handshake. */
  allowedOrigins: ReadonlySet<string>;
  log: Logger;
  appVersion: string;
  handshakeTimeoutMs: number;
  /** How long a connection may wait for the user's decision before it is closed. */
  pendingTimeoutMs: number;
  queuePool: QueuePool;
  rateLimit: RateLimitOptions;
  now: () => number;
  /** An origin the user has not decided about connected: ask them. */
  onPairingRequest: (origin: string) => void;
  /** The handshake said which extension (and browser) this connection speaks for. */
  onIdentified?: () => void;
  onClosed: () => void;
}

export interface CompanionConnection {
  readonly origin: string | undefined;
  /** The browser that started the relay, when the relay could tell. */
  readonly browser: CompanionBrowserName | undefined;
  readonly state: ConnectionState;
  /** When a frame last came from it or went to it (the host's clock): the host frees idle ones. */
  readonly lastActivity: number;
  /** The user decided about this connection's origin; an Allow comes with the key to hand out. */
  decided(decision: { decision: 'allowed'; key: string } | { decision: 'denied' }): void;
  /** Ends the connection, telling the extension why. */
  cut(reason: RefusalReason, message: string): void;
}

const EVENTS_FOR_COMPANION = new Set<EventName>([
  'run.update',
  'runs.changed',
  'session.changed',
  'connectivity.changed',
]);

const PENDING_MESSAGE = 'Waiting for you to allow this browser in Assistant Desktop.';

/** Passes on the events a companion may see: run updates only for the runs it follows. */
function createForwarder(outbound: Outbound, followed: Set<string>) {
  return function forward<E extends EventName>(name: E, payload: EventPayload<E>) {
    if (!EVENTS_FOR_COMPANION.has(name)) return;
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
  };
}

/** Answers a refused frame: by its call id when it has one, else as a notice. */
function sendRefusal(outbound: Outbound, checked: Extract<CheckedCall, { ok: false }>) {
  if (checked.id === undefined) {
    outbound.send({ type: 'notice', code: checked.code, message: checked.message });
  } else {
    const result = failure(checked.code, checked.message, checked.retryable);
    outbound.send({ type: 'result', id: checked.id, result });
  }
}

/** One call of the subset served; an unexpected failure becomes an answer, never a rejection. */
function answerCall(
  name: (typeof SUBSET)[number],
  input: unknown,
  options: ConnectionOptions,
  follows: Parameters<typeof serveSubset>[4],
) {
  return serveSubset(name, input, { host: 'companion' }, options.dispatch, follows).catch(
    (error: unknown) => {
      options.log.error('Companion: a request failed unexpectedly', { name, error });
      return failure('internal_error', 'Something went wrong inside the app.');
    },
  );
}

/** Tells the extension it waits for the user's decision. */
function waiting(outbound: Outbound): 'pending' {
  outbound.send({ type: 'pairing', state: 'pending', message: PENDING_MESSAGE });
  return 'pending';
}

/** The answer to an allowed browser: connected, what it may ask, and the key when just made. */
function allowedFrame(appVersion: string, key: string | undefined) {
  return {
    type: 'pairing',
    state: 'allowed',
    message: 'Assistant Desktop is connected.',
    requests: SUBSET,
    app: appVersion,
    ...(key === undefined ? {} : { key }),
  } as const;
}

/** Notes when an allowed browser connected, for Settings; a failure to write it is only logged. */
function markUsed(
  options: ConnectionOptions,
  origin: string,
  browser: CompanionBrowserName | undefined,
) {
  void options.pairings.markUsed(origin, browser).catch((error: unknown) => {
    options.log.warn('Companion: could not record when a browser was last used', { error });
  });
}

/** What handling a call needs of its connection, as it stands when the frame is read. */
interface CallContext {
  io: ConnectionIo;
  origin: string | undefined;
  pending: boolean;
  inFlight: number;
  /** Of those, `runs.follow` calls. */
  follows: number;
  cut: (reason: RefusalReason, message: string) => void;
  serve: (call: Extract<CheckedCall, { ok: true }>['call']) => void;
}

/** One frame after the handshake: served, refused (counted, answered), or the end of a flood. */
function handleCall(frame: DecodedFrame, at: CallContext) {
  const decision = at.io.decisionFor(frame);
  if (decision === 'close') {
    at.io.log.warn('Companion: closed a connection that kept flooding', { origin: at.origin });
    at.cut('flood', 'Too many messages; the connection was closed.');
    return;
  }
  const checked = checkCall(frame, {
    decision,
    pending: at.pending,
    inFlight: at.inFlight,
    follows: at.follows,
  });
  if (checked.ok) {
    at.serve(checked.call);
    return;
  }
  at.io.refusals.note(checked.code, checked.log, checked.details);
  sendRefusal(at.io.outbound, checked);
}

/** The connection as the host sees it, read live from its state. */
function viewOf(parts: {
  origin: () => string | undefined;
  browser: () => CompanionBrowserName | undefined;
  state: () => ConnectionState;
  lastActivity: () => number;
  decided: CompanionConnection['decided'];
  cut: CompanionConnection['cut'];
}): CompanionConnection {
  return {
    get origin() {
      return parts.origin();
    },
    get browser() {
      return parts.browser();
    },
    get state() {
      return parts.state();
    },
    get lastActivity() {
      return parts.lastActivity();
    },
    decided: parts.decided,
    cut: parts.cut,
  };
}

export function serveConnection(options: ConnectionOptions): CompanionConnection {
  const { socket, log } = options;
  const io = createConnectionIo({ ...options, origin: () => origin, state: () => state, close });
  const outbound = io.outbound;
  const followed = new Set<string>();
  let state: ConnectionState = 'handshake';
  let origin: string | undefined;
  let browser: CompanionBrowserName | undefined;
  let inFlight = 0;
  let follows = 0;
  let unsubscribe: (() => void) | undefined;
  const forward = createForwarder(outbound, followed);

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
    io.stop();
    unsubscribe?.();
    options.onClosed();
  }

  function allow(from: string, key: string | undefined) {
    state = 'allowed';
    outbound.send(allowedFrame(options.appVersion, key));
    unsubscribe = options.events.subscribe(forward);
    markUsed(options, from, browser);
  }

  function greet(frame: DecodedFrame) {
    const read = readRelayHello(frame, options.allowedOrigins, log);
    if (!read.ok) return cut(read.reason, read.message);
    origin = read.hello.origin;
    browser = browserOf(origin, read.hello.browser);
    log.info('Companion: a browser connected', { origin, relay: read.hello.relay, browser });
    state = 'identify';
  }

  /** The extension's hello came (or another frame, which presents no key): where it stands. */
  function identify(frame: DecodedFrame, from: string) {
    const standing = options.pairings.standing(from, presentedKey(frame));
    const refusal = refusalFor(standing, from, log);
    if (refusal !== undefined) cut(refusal.reason, refusal.message);
    else if (standing === 'allowed') allow(from, undefined);
    else state = waiting(outbound);
    if (state === 'closed') return;
    // Both hellos read: the handshake's deadline ends, and a pending connection gets its own.
    io.greeted();
    options.onIdentified?.();
    if (state === 'pending') options.onPairingRequest(from);
    // A first frame that was no hello is still a frame to answer (a call before the key).
    if (!isExtensionHello(frame)) call(frame);
  }

  function call(frame: DecodedFrame) {
    const pending = state === 'pending';
    handleCall(frame, { io, origin, pending, inFlight, follows, cut, serve });
  }

  function serve({ id, name, input }: Extract<CheckedCall, { ok: true }>['call']) {
    const follow = name === 'runs.follow' ? 1 : 0;
    inFlight += 1;
    follows += follow;
    void answerCall(name, input, options, followed).then((result) => {
      inFlight -= 1;
      follows -= follow;
      if (state !== 'closed') outbound.send({ type: 'result', id, result });
    });
  }

  readFrames(options, io.decoder, {
    closed: () => state === 'closed',
    origin: () => origin,
    frame: (frame) => {
      io.touch();
      if (state === 'handshake') greet(frame);
      else if (state === 'identify' && origin !== undefined) identify(frame, origin);
      else call(frame);
    },
    close,
  });

  return viewOf({
    origin: () => origin,
    browser: () => browser,
    state: () => state,
    lastActivity: () => io.lastActivity,
    decided(outcome) {
      if (state !== 'pending' || origin === undefined) return;
      if (outcome.decision === 'allowed') allow(origin, outcome.key);
      else cut('denied', deniedMessage(log, origin));
    },
    cut,
  });
}
