// The browser-mode transport against a real WebSocket server on loopback that speaks the wire
// format and drops the first connection: pending calls fail with a retryable host_unreachable
// instead of hanging, the bridge says the host is unreachable, reconnects by itself, and reports
// the host's connectivity once it is back.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { ClientFrame, WIRE_PROTOCOL, type HostFrame } from '../../../../../electron/contract';
import {
  createBridge,
  createWebSocketTransport,
  type SocketLike,
} from '../../../../../src/platform/bridge/transport';

const since = '2026-11-22T08:00:00.000Z';
let server: WebSocketServer | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function flakyHost(options: { dropFirst: boolean; greeting?: HostFrame }) {
  let connections = 0;
  let messages = 0;
  const offered: string[][] = [];
  server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    handleProtocols: (protocols) => (protocols.has(WIRE_PROTOCOL) ? WIRE_PROTOCOL : false),
  });
  server.on('connection', (ws, request) => {
    connections += 1;
    offered.push(String(request.headers['sec-websocket-protocol']).split(/,\s*/));
    if (options.greeting) ws.send(JSON.stringify(options.greeting));
    if (options.dropFirst && connections === 1) {
      // Let a call arrive, then drop without answering it.
      ws.once('message', () => ws.terminate());
      return;
    }
    ws.on('message', (data: Buffer) => {
      messages += 1;
      const frame = ClientFrame.parse(JSON.parse(data.toString()));
      const answer: HostFrame = {
        type: 'result',
        id: frame.id,
        result:
          frame.name === 'connectivity.status'
            ? { ok: true, data: { state: 'online', since } }
            : { ok: true, data: { text: 'diagnostics' } },
      };
      ws.send(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server?.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}/ipc`,
    offered,
    connections: () => connections,
    messages: () => messages,
  };
}

const connect = (url: string, protocols: string[]) =>
  new WebSocket(url, protocols) as unknown as SocketLike;

describe('WebSocket transport', () => {
  it('presents the secret as a subprotocol and answers calls', async () => {
    const host = await flakyHost({ dropFirst: false });
    const transport = createWebSocketTransport({ url: host.url, secret: 'abc123', connect });
    const bridge = createBridge(transport);
    expect(await bridge.invoke('diagnostics.copy', {})).toEqual({
      ok: true,
      data: { text: 'diagnostics' },
    });
    expect(host.offered[0]).toEqual([WIRE_PROTOCOL, 'secret.abc123']);
    transport.close();
  });

  it('fails a pending call when the socket drops, then reconnects by itself', async () => {
    const host = await flakyHost({ dropFirst: true });
    const transport = createWebSocketTransport({
      url: host.url,
      secret: 's',
      connect,
      reconnectDelayMs: 10,
    });
    const bridge = createBridge(transport);
    const states: string[] = [];
    let back: () => void = () => {};
    const reconnected = new Promise<void>((resolve) => {
      back = resolve;
    });
    bridge.on('connectivity.changed', (change) => {
      states.push(change.state);
      if (change.state === 'online') back();
    });

    expect(await bridge.invoke('diagnostics.copy', {})).toMatchObject({
      ok: false,
      error: { code: 'host_unreachable', retryable: true },
    });
    await reconnected;
    expect(states).toEqual(['host-unreachable', 'online']);
    expect(await bridge.invoke('diagnostics.copy', {})).toMatchObject({ ok: true });
    expect(host.connections()).toBe(2);
    transport.close();
  });

  it('takes over a first connection opened before it, with the reads it sent and their answers', async () => {
    const host = await flakyHost({ dropFirst: false });
    // As src/bridge/early-socket.ts does: open, send reads, keep what comes back.
    const socket = connect(host.url, [WIRE_PROTOCOL, 'secret.s']);
    const received: { data: unknown }[] = [];
    const answered = new Promise<void>((resolve) => {
      socket.onmessage = (message) => {
        received.push(message);
        resolve();
      };
    });
    await new Promise<void>((resolve) => {
      socket.onopen = () => {
        socket.send(JSON.stringify({ type: 'invoke', id: 1, name: 'diagnostics.copy', input: {} }));
        socket.send(
          JSON.stringify({ type: 'invoke', id: 2, name: 'connectivity.status', input: {} }),
        );
        resolve();
      };
    });
    // The first answer is in before the takeover; the second may still be on its way.
    await answered;
    const transport = createWebSocketTransport({
      url: host.url,
      secret: 's',
      connect,
      first: {
        socket,
        open: true,
        received,
        reads: [
          { id: 1, name: 'diagnostics.copy' },
          { id: 2, name: 'connectivity.status' },
        ],
      },
    });
    const bridge = createBridge(transport);
    // The reads already sent: nothing more goes out for them.
    expect(await bridge.invoke('diagnostics.copy', {})).toEqual({
      ok: true,
      data: { text: 'diagnostics' },
    });
    expect(await bridge.invoke('connectivity.status', {})).toMatchObject({
      ok: true,
      data: { state: 'online' },
    });
    expect(host.messages()).toBe(2);
    // Later calls go out on the same socket, with ids after the first connection's.
    expect(await bridge.invoke('diagnostics.copy', {})).toMatchObject({ ok: true });
    expect(await bridge.invoke('connectivity.status', {})).toMatchObject({ ok: true });
    expect(host.messages()).toBe(4);
    expect(host.connections()).toBe(1);
    transport.close();
  });

  it('delivers an event the first connection received before the takeover to listeners subscribed right after it', async () => {
    const greeting: HostFrame = {
      type: 'event',
      name: 'connectivity.changed',
      payload: { state: 'service-failing', since },
    };
    const host = await flakyHost({ dropFirst: false, greeting });
    const socket = connect(host.url, [WIRE_PROTOCOL, 'secret.s']);
    const received: { data: unknown }[] = [];
    await new Promise<void>((resolve) => {
      socket.onmessage = (message) => {
        received.push(message);
        resolve();
      };
    });
    const transport = createWebSocketTransport({
      url: host.url,
      secret: 's',
      connect,
      first: { socket, open: true, received, reads: [] },
    });
    const bridge = createBridge(transport);
    // As src/start.tsx does: the first call, then the event subscriptions, in the same task.
    const answer = bridge.invoke('diagnostics.copy', {});
    const states: string[] = [];
    bridge.on('connectivity.changed', (change) => states.push(change.state));
    expect(await answer).toMatchObject({ ok: true });
    expect(states).toEqual(['service-failing']);
    transport.close();
  });

  it('applies a state read at start before the event that changed it, never after', async () => {
    const host = await flakyHost({ dropFirst: false });
    const socket = connect(host.url, [WIRE_PROTOCOL, 'secret.s']);
    await new Promise<void>((resolve) => {
      socket.onopen = () => resolve();
    });
    // Held before the takeover: the answer to the early connectivity read (online), then the
    // host's event that the service has started failing.
    const frame = (value: HostFrame | { type: 'result'; id: number; result: unknown }) => ({
      data: JSON.stringify(value),
    });
    const received = [
      frame({ type: 'result', id: 1, result: { ok: true, data: { state: 'online', since } } }),
      frame({
        type: 'event',
        name: 'connectivity.changed',
        payload: { state: 'service-failing', since },
      }),
    ];
    const transport = createWebSocketTransport({
      url: host.url,
      secret: 's',
      connect,
      first: { socket, open: true, received, reads: [{ id: 1, name: 'connectivity.status' }] },
    });
    const bridge = createBridge(transport);
    // As the app does: the read sets the state, and so does every event after it.
    let state = 'unknown';
    const read = bridge.invoke('connectivity.status', {}).then((result) => {
      if (result.ok) state = result.data.state;
    });
    const changed = new Promise<void>((resolve) => {
      bridge.on('connectivity.changed', (change) => {
        state = change.state;
        resolve();
      });
    });
    await Promise.all([read, changed]);
    expect(state).toBe('service-failing');
    transport.close();
  });

  it('takes over a first connection still opening, and sends calls once it is open', async () => {
    const host = await flakyHost({ dropFirst: false });
    const socket = connect(host.url, [WIRE_PROTOCOL, 'secret.s']);
    const transport = createWebSocketTransport({
      url: host.url,
      secret: 's',
      connect,
      first: { socket, open: false, received: [], reads: [] },
    });
    const bridge = createBridge(transport);
    expect(await bridge.invoke('diagnostics.copy', {})).toMatchObject({ ok: true });
    expect(host.connections()).toBe(1);
    transport.close();
  });

  it('stops for good when closed: calls fail at once and nothing reconnects', async () => {
    const host = await flakyHost({ dropFirst: false });
    const transport = createWebSocketTransport({ url: host.url, secret: 's', connect });
    const bridge = createBridge(transport);
    await bridge.invoke('diagnostics.copy', {});
    transport.close();
    expect(await bridge.invoke('diagnostics.copy', {})).toMatchObject({
      ok: false,
      error: { code: 'host_unreachable' },
    });
    expect(host.connections()).toBe(1);
  });
});
