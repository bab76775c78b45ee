// Browser mode's host socket, opened as the page starts, before the app's code has even run:
// on Today it sends the first screen's reads as soon as it is open, so the host answers them
// while zod, the contract's schemas and React are still being evaluated, and the answers are
// waiting when the app asks. The bridge's transport takes the socket over as its first
// connection (see ../bridge.ts). In Electron, or without the host's secret, none is opened.
// Imports nothing that builds a schema: this runs before the app's bundle.
import { BRIDGE_GLOBAL, WIRE_PATH, pageProtocols } from '../../../electron/contract/page-entry';
import { parseRoute } from '../../lib/routes';
import { hostSecret } from './host-secret';
import type { FirstConnection, SocketLike } from './socket';

type EarlySocket = SocketLike & { readonly url: string; readonly readyState: number };
type EarlySocketConstructor = new (url: string, protocols: string[]) => EarlySocket;

const CONNECTING = 0;

/**
 * What the app reads first on Today, each with input `{}` (see ../start.tsx): the briefings, and
 * the shell's own reads the first render waits for. All answered from the host's cache.
 */
export const TODAY_FIRST_READS = [
  'briefings.morning',
  'briefings.meeting',
  'app.info',
  'service.metadata',
  'session.status',
  'connectivity.status',
  'settings.get',
] as const;

/** The address of browser mode's socket on the host that served this page. */
export function hostSocketUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WIRE_PATH}`;
}

interface Early extends FirstConnection {
  socket: EarlySocket;
  closed: boolean;
}

let early: Early | undefined;

function open(): void {
  const secret = hostSecret();
  const Socket = (globalThis as { WebSocket?: EarlySocketConstructor }).WebSocket;
  if (BRIDGE_GLOBAL in window || secret === undefined || !Socket) return;
  let socket: EarlySocket;
  try {
    socket = new Socket(hostSocketUrl(), pageProtocols(secret));
  } catch {
    return;
  }
  const state: Early = { socket, open: false, closed: false, received: [], reads: [] };
  const reads = parseRoute(location.hash).name === 'today' ? TODAY_FIRST_READS : [];
  socket.onopen = () => {
    state.open = true;
    reads.forEach((name, i) => {
      const id = i + 1;
      socket.send(JSON.stringify({ type: 'invoke', id, name, input: {} }));
      state.reads.push({ id, name });
    });
  };
  socket.onmessage = (message) => void state.received.push(message);
  socket.onclose = () => {
    state.closed = true;
  };
  socket.onerror = () => {
    // onclose follows.
  };
  early = state;
}

open();

/**
 * The socket opened at start, once, with what happened on it so far, if it is to `url` and not
 * closed; otherwise it is closed and the transport opens its own, as it would have without it.
 */
export function takeEarlySocket(url: string): FirstConnection | undefined {
  const state = early;
  early = undefined;
  if (!state) return undefined;
  const { socket } = state;
  if (socket.url === url && !state.closed && (state.open || socket.readyState === CONNECTING)) {
    return { socket, open: state.open, received: state.received, reads: state.reads };
  }
  socket.close();
  return undefined;
}
