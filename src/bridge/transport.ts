// The renderer's side of the contract, without touching the page: validation of everything a
// host answers or pushes (the renderer trusts nothing), and browser mode's WebSocket transport.
// No DOM globals here, so Node tests drive it against a real browser-mode host.
import type { ClientFrame } from '../../electron/contract';
import {
  HostErrorCodes,
  HostFrame,
  SECRET_PROTOCOL_PREFIX,
  WIRE_PROTOCOL,
  events,
  isEventName,
  isRequestName,
  requests,
  resultSchema,
  type AssistantBridge,
  type ErrorData,
  type RequestName,
  type RequestOutput,
  type Result,
} from '../../electron/contract';

type Listener = (payload: unknown) => void;

function failure(
  code: string,
  message: string,
  retryable: boolean,
): { ok: false; error: ErrorData } {
  return { ok: false, error: { code, message, retryable } };
}

/** What a host hands the bridge before validation: unknown values only. */
export interface RawTransport {
  invoke(name: string, input: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

/** Wraps a raw transport with the contract's validation of names, results and events. */
export function createBridge(transport: RawTransport): AssistantBridge {
  const bridge: AssistantBridge = {
    async invoke(name, input) {
      if (!isRequestName(name)) {
        return failure(HostErrorCodes.unknownRequest, `Unknown request "${String(name)}".`, false);
      }
      let raw: unknown;
      try {
        raw = await transport.invoke(name, input);
      } catch {
        return failure(
          HostErrorCodes.hostUnreachable,
          'The app could not reach its host. Try again.',
          true,
        );
      }
      return parseResult(name, raw);
    },
    on(event, listener) {
      if (!isEventName(event)) return () => {};
      const schema = events[event];
      return transport.on(event, (payload) => {
        const parsed = schema.safeParse(payload);
        if (parsed.success) {
          (listener as Listener)(parsed.data);
        } else {
          console.warn(`Ignored a malformed "${event}" event.`);
        }
      });
    },
  };
  return bridge;
}

function parseResult<N extends RequestName>(name: N, raw: unknown): Result<RequestOutput<N>> {
  const parsed = resultSchema(requests[name].output).safeParse(raw);
  if (parsed.success) return parsed.data as Result<RequestOutput<N>>;
  const issue = parsed.error.issues[0];
  console.warn(
    `Ignored a malformed answer to "${name}" at ${issue ? issue.path.join('.') || '(root)' : '?'}.`,
  );
  return failure(HostErrorCodes.internal, 'The app received an answer it could not read.', false);
}

// ---------------------------------------------------------------------------------------------
// Browser mode: the contract over a WebSocket to electron/web.

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

type SocketConstructor = new (url: string, protocols: string[]) => SocketLike;

export interface WebSocketTransportOptions {
  /** ws:// URL of the host's socket. */
  url: string;
  /** The per-start secret the host put in the page. */
  secret: string;
  /** Opens a socket (the browser's WebSocket by default; tests pass one built on `ws`). */
  connect?: SocketFactory;
  /** First reconnect delay; doubles up to `maxReconnectDelayMs`. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

export interface WebSocketTransport extends RawTransport {
  /** Stops reconnecting and fails whatever is pending. */
  close(): void;
}

interface Pending {
  resolve(value: unknown): void;
}

const unreachable = (message: string) => failure(HostErrorCodes.hostUnreachable, message, true);

/**
 * Request ids, a queue while the socket opens, reconnect with backoff when it drops, and pending
 * calls answered with a retryable `host_unreachable` rather than left hanging. While the host is
 * away the bridge itself emits `connectivity.changed` (`host-unreachable`), and once it is back it
 * asks the host for the real connectivity and emits that.
 */
export function createWebSocketTransport(options: WebSocketTransportOptions): WebSocketTransport {
  const connectSocket =
    options.connect ??
    ((url: string, protocols: string[]) => {
      const Socket = (globalThis as { WebSocket?: SocketConstructor }).WebSocket;
      if (!Socket) throw new Error('This environment has no WebSocket.');
      return new Socket(url, protocols);
    });
  const firstDelay = options.reconnectDelayMs ?? 250;
  const maxDelay = options.maxReconnectDelayMs ?? 8_000;
  const listeners = new Map<string, Set<Listener>>();
  const pending = new Map<number, Pending>();
  let queue: ClientFrame[] = [];
  let nextId = 1;
  let socket: SocketLike | undefined;
  let open = false;
  let closed = false;
  let everOpened = false;
  let wasDown = false;
  let delay = firstDelay;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  function emit(name: string, payload: unknown): void {
    for (const listener of listeners.get(name) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        console.error(error);
      }
    }
  }

  function failAll(message: string): void {
    const waiting = [...pending.values()];
    pending.clear();
    queue = [];
    for (const entry of waiting) entry.resolve(unreachable(message));
  }

  function connect(): void {
    if (closed) return;
    const ws = connectSocket(options.url, [
      WIRE_PROTOCOL,
      `${SECRET_PROTOCOL_PREFIX}${options.secret}`,
    ]);
    socket = ws;
    ws.onopen = () => {
      open = true;
      everOpened = true;
      delay = firstDelay;
      for (const frame of queue) ws.send(JSON.stringify(frame));
      queue = [];
      if (wasDown) {
        wasDown = false;
        void refreshConnectivity();
      }
    };
    ws.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let frame: HostFrame;
      try {
        const parsed = HostFrame.safeParse(JSON.parse(message.data));
        if (!parsed.success) return;
        frame = parsed.data;
      } catch {
        return;
      }
      if (frame.type === 'result') {
        const entry = pending.get(frame.id);
        if (!entry) return;
        pending.delete(frame.id);
        entry.resolve(frame.result);
      } else {
        emit(frame.name, frame.payload);
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      open = false;
      socket = undefined;
      failAll('The connection to the app host was lost. Try again.');
      if (closed) return;
      if (!wasDown) {
        wasDown = true;
        emit('connectivity.changed', {
          state: 'host-unreachable',
          since: new Date().toISOString(),
          error: unreachable(
            'The app host cannot be reached. If it was restarted, reload the page.',
          ).error,
        });
      }
      const wait = Math.min(delay, maxDelay) * (0.75 + Math.random() * 0.5);
      delay = Math.min(delay * 2, maxDelay);
      reconnectTimer = setTimeout(connect, wait);
    };
    ws.onerror = () => {
      // onclose follows and does the work.
    };
  }

  async function refreshConnectivity(): Promise<void> {
    const result = await transport.invoke('connectivity.status', {});
    const parsed = resultSchema(requests['connectivity.status'].output).safeParse(result);
    if (parsed.success && parsed.data.ok) emit('connectivity.changed', parsed.data.data);
  }

  const transport: WebSocketTransport = {
    invoke(name, input) {
      return new Promise<unknown>((resolve) => {
        if (closed) {
          resolve(unreachable('The app host connection is closed.'));
          return;
        }
        // While the first connection opens, calls wait in the queue; once a connection failed or
        // dropped they fail fast, so the user sees "try again" instead of an endless spinner.
        if (!open && (everOpened || wasDown)) {
          resolve(unreachable('The app host cannot be reached right now. Try again.'));
          return;
        }
        const frame: ClientFrame = { type: 'invoke', id: nextId++, name, input };
        pending.set(frame.id, { resolve });
        if (open && socket) socket.send(JSON.stringify(frame));
        else queue.push(frame);
      });
    },
    on(event, listener) {
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
    close() {
      closed = true;
      if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
      failAll('The app host connection is closed.');
      socket?.close();
    },
  };

  connect();
  return transport;
}
