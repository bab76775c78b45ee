// The bridge: the only renderer module that touches `window.assistant`. In Electron that is the
// preload's object; in browser mode there is none, so the bridge opens a WebSocket to the host
// that served the page. Either way the renderer gets the same `AssistantBridge`, and everything
// that comes back is validated against the contract (see ./transport.ts): the renderer trusts
// nothing it receives.
import {
  BRIDGE_GLOBAL,
  type AssistantBridge,
  type EventName,
  type EventPayload,
  type RequestInput,
  type RequestName,
  type RequestOutput,
  type Result,
} from '../../../electron/contract';
import { hostSocketUrl, takeEarlySocket } from './early-socket';
import { hostSecret } from './host-secret';
import { createBridge, createWebSocketTransport, type RawTransport } from './transport';

export {
  createBridge,
  createWebSocketTransport,
  type RawTransport,
  type SocketFactory,
  type SocketLike,
  type WebSocketTransport,
  type WebSocketTransportOptions,
} from './transport';

// ---------------------------------------------------------------------------------------------
// The renderer's single bridge.

function isRawTransport(value: unknown): value is RawTransport {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { invoke?: unknown }).invoke === 'function' &&
    typeof (value as { on?: unknown }).on === 'function'
  );
}

function browserModeTransport(): RawTransport {
  const url = hostSocketUrl();
  const first = takeEarlySocket(url);
  return createWebSocketTransport({
    url,
    secret: hostSecret() ?? '',
    // The first connection is the socket opened as the page started, when there is one.
    ...(first ? { first } : {}),
  });
}

/**
 * Browser mode opened without the address the host printed: there is no key to the host, so the
 * app does not start (see main.tsx) and the page says which address to open.
 */
export function missingHostSecret(): boolean {
  return !(BRIDGE_GLOBAL in window) && hostSecret() === undefined;
}

let instance: AssistantBridge | undefined;

/** The bridge for this window: Electron's preload object, or the browser-mode socket. */
export function getBridge(): AssistantBridge {
  if (!instance) {
    const exposed: unknown = (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL];
    instance = createBridge(isRawTransport(exposed) ? exposed : browserModeTransport());
  }
  return instance;
}

/** Calls a request and throws nothing: shorthand for `getBridge().invoke`. */
export function invoke<N extends RequestName>(
  name: N,
  input: RequestInput<N>,
): Promise<Result<RequestOutput<N>>> {
  return getBridge().invoke(name, input);
}

/** Subscribes to an event: shorthand for `getBridge().on`. */
export function on<E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): () => void {
  return getBridge().on(event, listener);
}
