// One relay's connection, from its handshake to its end. The relay's first frame says which
// extension it speaks for; until it comes (within a timeout) nothing else is read. Then the
// user's decision applies: allowed → the narrow contract is served and the followed runs' events
// sent; not decided yet → "waiting for approval" until the user decides; denied → refused.
// Frames that are malformed, oversized, outside the subset or too many are refused one by one
// and logged; none of them ends the app, and only a persistent flood ends the connection.
import type { Socket } from 'node:net';
import type { CompanionBrowserName, EventName, EventPayload, RunUpdates } from '../../contract';
import type { Dispatch } from '../host/dispatcher';
import type { EventHub } from '../host/event-hub';
import type { Logger } from '../logs/logger';
import { browserNamed } from './browser-name';
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
  /** The handshake said which extension (and browser) this connection speaks for. */
  onIdentified?: () => void;
  onClosed: () => void;
}

export interface CompanionConnection {
  readonly origin: string | undefined;
  /** The browser that started the relay, when the relay could tell. */
  readonly browser: CompanionBrowserName | undefined;
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
function createForwarder(outbound: ReturnType<typeof createOutbound>, followed: Set<string>) {
  return function forward<E extends EventName>(name: E, payload: EventPayload<E>) {
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
  };
}

/** Answers a refused frame: by its call id when it has one, else as a notice. */
function sendRefusal(
  outbound: ReturnType<typeof createOutbound>,
  checked: Extract<CheckedCall, { ok: false }>,
) {
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
function waiting(outbound: ReturnType<typeof createOutbound>): 'pending' {
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

/** A connection that sends no handshake in time is dropped, so it holds no slot. */
function dropWithoutHandshake(options: ConnectionOptions, waiting: () => boolean) {
  return setTimeout(() => {
    if (!waiting()) return;
    options.log.warn('Companion: dropped a connection that sent no handshake in time');
    options.socket.destroy();
  }, options.handshakeTimeoutMs);
}

/** One frame handled; a bug in handling it is logged and the connection goes on. */
function guarded(log: ConnectionOptions['log'], origin: string | undefined, handle: () => void) {
  try {
    handle();
  } catch (error) {
    log.error('Companion: a frame could not be handled', { origin, error });
  }
}

/** The socket's frames, one at a time, until the connection is closed. */
function readFrames(
  { socket, log }: ConnectionOptions,
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

export function serveConnection(options: ConnectionOptions): CompanionConnection {
  const { socket, log } = options;
  const outbound = createOutbound(socket);
  const decoder = createFrameDecoder(MAX_TO_APP_BYTES);
  const limiter = createRateLimiter(options.rateLimit, options.now);
  const followed = new Set<string>();
  let state: ConnectionState = 'handshake';
  let origin: string | undefined;
  let browser: CompanionBrowserName | undefined;
  let inFlight = 0;
  let unsubscribe: (() => void) | undefined;
  const forward = createForwarder(outbound, followed);

  const handshakeTimer = dropWithoutHandshake(options, () => state === 'handshake');

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

  function allow(from: string) {
    state = 'allowed';
    outbound.send(allowedFrame(options.appVersion));
    unsubscribe = options.events.subscribe(forward);
    void options.pairings.markUsed(from, browser).catch((error: unknown) => {
      log.warn('Companion: could not record when a browser was last used', { error });
    });
  }

  function greet(frame: DecodedFrame) {
    clearTimeout(handshakeTimer);
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
    else state = waiting(outbound);
    if (state === 'closed') return;
    options.onIdentified?.();
    if (state === 'pending') options.onPairingRequest(origin);
  }

  function call(frame: DecodedFrame) {
    const decision = limiter.take();
    if (decision === 'close') {
      log.warn('Companion: closed a connection that kept flooding', { origin });
      cut('flood', 'Too many messages; the connection was closed.');
      return;
    }
    const checked = checkCall(frame, { decision, pending: state === 'pending', inFlight });
    if (checked.ok) {
      serve(checked.call.id, checked.call.name, checked.call.input);
      return;
    }
    if (checked.log !== undefined) log.warn(checked.log, { origin, ...checked.details });
    sendRefusal(outbound, checked);
  }

  function serve(id: number, name: (typeof SUBSET)[number], input: unknown) {
    inFlight += 1;
    void answerCall(name, input, options, followed).then((result) => {
      inFlight -= 1;
      if (state !== 'closed') outbound.send({ type: 'result', id, result });
    });
  }

  readFrames(options, decoder, {
    closed: () => state === 'closed',
    origin: () => origin,
    frame: (frame) => (state === 'handshake' ? greet(frame) : call(frame)),
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
    decided(decision) {
      if (state !== 'pending' || origin === undefined) return;
      if (decision === 'allowed') allow(origin);
      else cut('denied', denied(log, origin));
    },
    cut,
  };
}
