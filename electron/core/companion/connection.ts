// One relay's connection, from its handshake to its end. The relay's first frame says which
// extension it speaks for; until it comes (within a timeout) nothing else is read. Then the
// user's decision applies: allowed → the narrow contract is served and the followed runs' events
// sent; not decided yet → "waiting for approval" until the user decides; denied → refused.
// Frames that are malformed, oversized, outside the subset or too many are refused one by one
// and logged once per kind (refusal-tally.ts); none of them ends the app, and only a persistent
// flood, or a client that stops reading what it asked for (outbound.ts), ends the connection.
import type { Socket } from 'node:net';
import type { CompanionBrowserName, EventName, EventPayload, RunUpdates } from '../../contract';
import type { Dispatch } from '../host/dispatcher';
import type { EventHub } from '../host/event-hub';
import type { Logger } from '../logs/logger';
import { browserNamed } from './browser-name';
import { createConnectionIo, readFrames, type ConnectionIo } from './connection-io';
import type { DecodedFrame } from './frame-codec';
import type { Outbound } from './outbound';
import type { Decision, PairingStore } from './pairings';
import {
  COMPANION_PROTOCOL,
  Call,
  CompanionErrorCodes,
  Hello,
  failure,
  type RefusalReason,
} from './protocol';
import type { QueuePool } from './queue-pool';
import type { RateLimitOptions } from './rate-limit';
import { SUBSET, isSubsetName, serveSubset } from './subset';

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
  if (frame.kind === 'unread') return frame.id;
  if (frame.kind !== 'frame' || typeof frame.value !== 'object' || frame.value === null) {
    return undefined;
  }
  const id = (frame.value as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

const PENDING_MESSAGE = 'Waiting for you to allow this browser in Assistant Desktop.';

/** The handshake's origin and relay version, or why the connection is refused. */
function readHello(frame: DecodedFrame):
  | { ok: true; origin: string; relay: unknown; browser: string | undefined }
  | {
      ok: false;
      reason: RefusalReason;
      message: string;
      log: string;
      details?: Record<string, unknown>;
    } {
  const hello = frame.kind === 'frame' ? Hello.safeParse(frame.value) : undefined;
  if (hello === undefined || !hello.success) {
    return {
      ok: false,
      reason: 'bad-handshake',
      message: 'The connection did not start with a handshake.',
      log: 'Companion: refused a connection whose handshake was not one',
    };
  }
  if (hello.data.protocol !== COMPANION_PROTOCOL) {
    return {
      ok: false,
      reason: 'protocol',
      message: 'This relay does not match this version of Assistant Desktop.',
      log: 'Companion: refused a relay of another protocol',
      details: { protocol: hello.data.protocol },
    };
  }
  return {
    ok: true,
    origin: hello.data.origin,
    relay: hello.data.relay,
    browser: hello.data.browser,
  };
}

type CheckedCall =
  | { ok: true; call: { id: number; name: (typeof SUBSET)[number]; input: unknown } }
  | {
      ok: false;
      id: number | undefined;
      code: string;
      message: string;
      retryable: boolean;
      log?: string;
      details?: Record<string, unknown>;
    };

/** Whether a frame is a call this connection may serve now, or the refusal to answer it with. */
function checkCall(
  frame: DecodedFrame,
  now: { decision: 'allow' | 'refuse'; pending: boolean; inFlight: number },
): CheckedCall {
  const parsed = frame.kind === 'frame' ? Call.safeParse(frame.value) : undefined;
  const id = parsed?.success === true ? parsed.data.id : callIdOf(frame);
  const refuse = (code: string, message: string, retryable = false) =>
    ({ ok: false, id, code, message, retryable }) as const;
  if (now.decision === 'refuse') {
    return refuse(CompanionErrorCodes.rateLimited, 'Too many requests; wait a moment.', true);
  }
  if (frame.kind === 'unread') {
    // Left unread for the budget is a rate refusal above; here only one nested too deep is left.
    return {
      ...refuse(CompanionErrorCodes.malformed, 'That message is nested too deeply.'),
      log: 'Companion: refused a frame nested too deeply',
      details: { bytes: frame.bytes },
    };
  }
  if (frame.kind === 'oversized') {
    return {
      ...refuse(CompanionErrorCodes.tooLarge, 'That message is too large.'),
      log: 'Companion: refused an oversized frame',
      details: { bytes: frame.bytes },
    };
  }
  if (parsed === undefined || !parsed.success) {
    return {
      ...refuse(CompanionErrorCodes.malformed, 'That message was not a request.'),
      log: 'Companion: refused a malformed frame',
    };
  }
  if (now.pending) {
    return refuse(
      CompanionErrorCodes.pairingPending,
      'Allow this browser in Assistant Desktop first.',
      true,
    );
  }
  const { name } = parsed.data;
  if (!isSubsetName(name)) {
    return {
      ...refuse(CompanionErrorCodes.notInSubset, 'The browser companion cannot ask for that.'),
      log: 'Companion: refused a request outside its subset',
      details: { name },
    };
  }
  if (now.inFlight >= MAX_IN_FLIGHT) {
    return refuse(
      CompanionErrorCodes.rateLimited,
      'Too many requests at once; wait a moment.',
      true,
    );
  }
  return { ok: true, call: { id: parsed.data.id, name, input: parsed.data.input } };
}

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

/** Logs a refusal of a browser the user denied; returns what the relay is told. */
function denied(log: ConnectionOptions['log'], origin: string | undefined): string {
  log.info('Companion: refused a browser the user denied', { origin });
  return 'Assistant Desktop was told not to answer this browser.';
}

/** Tells the extension it waits for the user's decision. */
function waiting(outbound: Outbound): 'pending' {
  outbound.send({ type: 'pairing', state: 'pending', message: PENDING_MESSAGE });
  return 'pending';
}

/** The answer to an allowed browser: connected, and what it may ask. */
function allowedFrame(appVersion: string) {
  return {
    type: 'pairing',
    state: 'allowed',
    message: 'Assistant Desktop is connected.',
    requests: SUBSET,
    app: appVersion,
  } as const;
}

/** What handling a call needs of its connection, as it stands when the frame is read. */
interface CallContext {
  io: ConnectionIo;
  origin: string | undefined;
  pending: boolean;
  inFlight: number;
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
  const checked = checkCall(frame, { decision, pending: at.pending, inFlight: at.inFlight });
  if (checked.ok) {
    at.serve(checked.call);
    return;
  }
  at.io.refusals.note(checked.code, checked.log, checked.details);
  sendRefusal(at.io.outbound, checked);
}

export function serveConnection(options: ConnectionOptions): CompanionConnection {
  const { socket, log } = options;
  const io = createConnectionIo({ ...options, origin: () => origin, state: () => state, close });
  const sending = io.outbound;
  const followed = new Set<string>();
  let state: ConnectionState = 'handshake';
  let origin: string | undefined;
  let browser: CompanionBrowserName | undefined;
  let inFlight = 0;
  let unsubscribe: (() => void) | undefined;
  const forward = createForwarder(sending, followed);

  function cut(reason: RefusalReason, message: string) {
    if (state === 'closed') return;
    sending.send({ type: 'refused', reason, message });
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

  function allow(from: string) {
    state = 'allowed';
    sending.send(allowedFrame(options.appVersion));
    unsubscribe = options.events.subscribe(forward);
    void options.pairings.markUsed(from, browser).catch((error: unknown) => {
      log.warn('Companion: could not record when a browser was last used', { error });
    });
  }

  function greet(frame: DecodedFrame) {
    const hello = readHello(frame);
    if (!hello.ok) {
      log.warn(hello.log, hello.details);
      cut(hello.reason, hello.message);
      return;
    }
    origin = hello.origin;
    browser = browserNamed(hello.browser);
    const entry = options.pairings.get(origin);
    log.info('Companion: a browser connected', { origin, relay: hello.relay, browser });
    if (entry?.decision === 'allowed') allow(origin);
    else if (entry?.decision === 'denied') cut('denied', denied(log, origin));
    else state = waiting(sending);
    if (state === 'closed') return;
    options.onIdentified?.();
    if (state === 'pending') options.onPairingRequest(origin);
  }

  function serve({ id, name, input }: Extract<CheckedCall, { ok: true }>['call']) {
    inFlight += 1;
    void answerCall(name, input, options, followed).then((result) => {
      inFlight -= 1;
      if (state !== 'closed') sending.send({ type: 'result', id, result });
    });
  }

  readFrames(options, io.decoder, {
    closed: () => state === 'closed',
    origin: () => origin,
    frame: (frame) => {
      io.touch();
      if (state !== 'handshake') {
        handleCall(frame, { io, origin, pending: state === 'pending', inFlight, cut, serve });
        return;
      }
      greet(frame);
      io.greeted();
    },
    close,
  });

  return {
    get origin() {
      return origin;
    },
    get browser() {
      return browser;
    },
    get state() {
      return state;
    },
    get lastActivity() {
      return io.lastActivity;
    },
    decided(decision) {
      if (state !== 'pending' || origin === undefined) return;
      if (decision === 'allowed') allow(origin);
      else cut('denied', denied(log, origin));
    },
    cut,
  };
}
