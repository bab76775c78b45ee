// Browser mode: the contract over a WebSocket to electron/web. Request ids, a queue while the
// socket opens, reconnect with backoff when it drops, and pending calls answered with a
// retryable `host_unreachable` rather than left hanging. No DOM globals here (the WebSocket is
// looked up on globalThis), so Node tests drive it against a real browser-mode host.
import type { ClientFrame, ErrorData } from '../../../electron/contract';
import { HostErrorCodes, pageProtocols, requests, resultSchema } from '../../../electron/contract';
import { hostMessages } from './host-messages';
import type { RawTransport } from './transport';

/** The part of a WebSocket the transport uses: the browser's, or `ws`'s in Node tests. */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

/**
 * A socket opened before the transport, and what happened on it so far (see early-socket.ts):
 * the transport takes it over as its first connection.
 */
export interface FirstConnection {
  socket: SocketLike;
  /** Already open (its open event was delivered before the transport took it over). */
  open: boolean;
  /** Messages received before the transport took it over, in order. */
  received: { data: unknown }[];
  /**
   * Reads already sent on it, each with input `{}`: the answer to one goes to the first invoke
   * of that name with input `{}`, which sends nothing.
   */
  reads: { id: number; name: string }[];
}

type SocketConstructor = new (url: string, protocols: string[]) => SocketLike;

export interface WebSocketTransportOptions {
  /** ws:// URL of the host's socket. */
  url: string;
  /** The per-start secret the host put in the page. */
  secret: string;
  /** Opens a socket (the browser's WebSocket by default; tests pass one built on `ws`). */
  connect?: SocketFactory;
  /** The first connection, opened before the transport existed (browser mode's page start). */
  first?: FirstConnection;
  /** First reconnect delay; doubles up to `maxReconnectDelayMs`. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

export interface WebSocketTransport extends RawTransport {
  /** Stops reconnecting and fails whatever is pending. */
  close(): void;
}

type Listener = (payload: unknown) => void;

const unreachable = (message: string): { ok: false; error: ErrorData } => ({
  ok: false,
  error: { code: HostErrorCodes.hostUnreachable, message, retryable: true },
});

const browserSocket: SocketFactory = (url, protocols) => {
  const Socket = (globalThis as { WebSocket?: SocketConstructor }).WebSocket;
  if (!Socket) throw new Error('This environment has no WebSocket.');
  return new Socket(url, protocols);
};

/** The host's pushed events, to whoever listens; one listener's throw does not stop the rest. */
function eventHub() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    emit(name: string, payload: unknown): void {
      for (const listener of listeners.get(name) ?? []) {
        try {
          listener(payload);
        } catch (error) {
          console.error(error);
        }
      }
    },
    on(event: string, listener: Listener): () => void {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
}

/** Calls waiting for their answer, and the frames of those not sent yet (the socket opening). */
function pendingCalls(firstId: number) {
  const pending = new Map<number, (value: unknown) => void>();
  let queue: ClientFrame[] = [];
  let nextId = firstId;
  return {
    /** Waits for the answer to a frame sent before the transport existed. */
    expect: (id: number, resolve: (value: unknown) => void) => void pending.set(id, resolve),
    add(name: string, input: unknown, resolve: (value: unknown) => void): ClientFrame {
      const frame: ClientFrame = { type: 'invoke', id: nextId++, name, input };
      pending.set(frame.id, resolve);
      return frame;
    },
    queue: (frame: ClientFrame) => void queue.push(frame),
    /** Sends what waited for the socket to open. */
    flush(socket: SocketLike): void {
      for (const frame of queue) socket.send(JSON.stringify(frame));
      queue = [];
    },
    answer(id: number, result: unknown): void {
      const resolve = pending.get(id);
      if (!resolve) return;
      pending.delete(id);
      resolve(result);
    },
    failAll(message: string): void {
      const waiting = [...pending.values()];
      pending.clear();
      queue = [];
      for (const resolve of waiting) resolve(unreachable(message));
    },
  };
}

function isEmptyInput(input: unknown): boolean {
  return (
    typeof input === 'object' &&
    input !== null &&
    !Array.isArray(input) &&
    Object.keys(input).length === 0
  );
}

/**
 * The answers to the reads a first connection sent before the transport existed, each for the
 * first invoke of that name with input `{}` (the one the page started them for). Dropped when
 * that connection is lost: a later invoke then goes out as any other would.
 */
function earlyAnswers(first: FirstConnection | undefined, calls: ReturnType<typeof pendingCalls>) {
  const answers = new Map<string, Promise<unknown>>();
  for (const read of first?.reads ?? []) {
    answers.set(read.name, new Promise((resolve) => calls.expect(read.id, resolve)));
  }
  return {
    take(name: string, input: unknown): Promise<unknown> | undefined {
      const answer = isEmptyInput(input) ? answers.get(name) : undefined;
      if (answer) answers.delete(name);
      return answer;
    },
    drop: () => answers.clear(),
  };
}

/**
 * A socket's message handler that first delivers what a first connection received before the
 * transport took it over, then what comes after, in order. Each held message gets a task of its
 * own, as if it had just arrived: the first after the task that took the socket over (the app
 * subscribes to events in that task, right after its first calls), and an answer's handling (its
 * awaits are microtasks) is done before the next message, so a state read at start is never
 * applied after an event that changed it. New messages wait behind the held ones.
 */
function inOrderAfter(
  held: readonly { data: unknown }[],
  handle: (message: { data: unknown }) => void,
): (message: { data: unknown }) => void {
  const queue = [...held];
  let draining = queue.length > 0;
  const drainOne = () => {
    const message = queue.shift();
    if (message) handle(message);
    if (queue.length > 0) setTimeout(drainOne, 0);
    else draining = false;
  };
  if (draining) setTimeout(drainOne, 0);
  return (message) => {
    if (draining) queue.push(message);
    else handle(message);
  };
}

/** The `connectivity.changed` payload the bridge itself emits when its connection drops. */
function hostUnreachable() {
  const message = 'The app host cannot be reached. If it was restarted, reload the page.';
  return {
    state: 'host-unreachable',
    since: new Date().toISOString(),
    error: unreachable(message).error,
  };
}

/** Reconnect delays: doubling up to the cap, each jittered by ±25 %, back to the first on open. */
function backoff(first: number, max: number) {
  let delay = first;
  return {
    next(): number {
      const wait = Math.min(delay, max) * (0.75 + Math.random() * 0.5);
      delay = Math.min(delay * 2, max);
      return wait;
    },
    reset: () => void (delay = first),
  };
}

/**
 * While the host is away the bridge itself emits `connectivity.changed` (`host-unreachable`), and
 * once it is back it asks the host for the real connectivity and emits that.
 */
export function createWebSocketTransport(options: WebSocketTransportOptions): WebSocketTransport {
  const connectSocket = options.connect ?? browserSocket;
  const delays = backoff(options.reconnectDelayMs ?? 250, options.maxReconnectDelayMs ?? 8_000);
  const hub = eventHub();
  let first = options.first;
  const calls = pendingCalls(1 + Math.max(0, ...(first?.reads ?? []).map((read) => read.id)));
  const early = earlyAnswers(first, calls);
  const state = { open: false, closed: false, everOpened: false, wasDown: false };
  let socket: SocketLike | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  function connect(): void {
    if (state.closed) return;
    const adopted = first;
    first = undefined;
    const ws = adopted?.socket ?? connectSocket(options.url, pageProtocols(options.secret));
    socket = ws;
    ws.onopen = () => {
      Object.assign(state, { open: true, everOpened: true });
      delays.reset();
      calls.flush(ws);
      if (state.wasDown) {
        state.wasDown = false;
        void refreshConnectivity();
      }
    };
    // What the first connection saw before it was ours comes first, as if it had been ours.
    const messages = hostMessages();
    ws.onmessage = inOrderAfter(adopted?.received ?? [], (message) => {
      const frame = messages.read(message.data);
      if (frame?.type === 'result') calls.answer(frame.id, frame.result);
      else if (frame) hub.emit(frame.name, frame.payload);
    });
    ws.onclose = () => {
      if (socket !== ws) return;
      state.open = false;
      socket = undefined;
      early.drop();
      calls.failAll('The connection to the app host was lost. Try again.');
      if (state.closed) return;
      if (!state.wasDown) {
        state.wasDown = true;
        hub.emit('connectivity.changed', hostUnreachable());
      }
      reconnectTimer = setTimeout(connect, delays.next());
    };
    ws.onerror = () => {
      // onclose follows and does the work.
    };
    if (adopted?.open) ws.onopen(undefined);
  }

  async function refreshConnectivity(): Promise<void> {
    const result = await transport.invoke('connectivity.status', {});
    const parsed = resultSchema(requests['connectivity.status'].output).safeParse(result);
    if (parsed.success && parsed.data.ok) hub.emit('connectivity.changed', parsed.data.data);
  }

  const transport: WebSocketTransport = {
    invoke(name, input) {
      const answer = early.take(name, input);
      if (answer) return answer;
      return new Promise<unknown>((resolve) => {
        if (state.closed) return resolve(unreachable('The app host connection is closed.'));
        // While the first connection opens, calls wait in the queue; once a connection failed or
        // dropped they fail fast, so the user sees "try again" instead of an endless spinner.
        if (!state.open && (state.everOpened || state.wasDown)) {
          return resolve(unreachable('The app host cannot be reached right now. Try again.'));
        }
        const frame = calls.add(name, input, resolve);
        if (state.open && socket) socket.send(JSON.stringify(frame));
        else calls.queue(frame);
      });
    },
    on: hub.on,
    close() {
      state.closed = true;
      if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
      calls.failAll('The app host connection is closed.');
      socket?.close();
    },
  };

  connect();
  return transport;
}
