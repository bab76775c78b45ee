// The panel's bridge over a stand-in native port: calls answered by id, pairing and relay states,
// messages cut into parts by the app's own splitter (the contract's) joined back (any text, any piece size),
// garbage and broken parts refused without losing the port, and every way a port ends read into
// the state the panel says, with reconnection after backoff.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PARTS, splitText } from '../../../electron/contract/frames';
import { BridgeErrorCodes, createBridge, type Bridge } from '../../../extension/src/bridge/bridge';
import { memoryKeyHolder, type PairingKeyHolder } from '../../../extension/src/bridge/pairing-key';
import type { NativePort } from '../../../extension/src/chrome';

class FakePort implements NativePort {
  name = 'com.assistant.desktop.companion';
  sent: unknown[] = [];
  disconnected = false;
  private messageListeners: ((message: unknown) => void)[] = [];
  private endListeners: ((port: NativePort) => void)[] = [];
  onMessage = {
    addListener: (l: (message: unknown) => void) => this.messageListeners.push(l),
    removeListener: () => undefined,
  };
  onDisconnect = {
    addListener: (l: (port: NativePort) => void) => this.endListeners.push(l),
    removeListener: () => undefined,
  };
  postMessage(message: unknown): void {
    this.sent.push(message);
  }
  disconnect(): void {
    this.disconnected = true;
  }
  /** The app (or the relay) sends a message. */
  deliver(message: unknown): void {
    for (const listener of this.messageListeners) listener(message);
  }
  /** The browser ends the port. */
  end(): void {
    for (const listener of this.endListeners) listener(this);
  }
}

interface Harness {
  bridge: Bridge;
  ports: FakePort[];
  port(): FakePort;
  timers: { run: () => void; ms: number }[];
  dropped: string[];
  key: PairingKeyHolder;
  setLastError(message: string | undefined): void;
}

/** What a port sent after the hello that opens it. */
const calls = (port: FakePort) => port.sent.slice(1);

function harness(initialKey?: string): Harness {
  const key = memoryKeyHolder(initialKey);
  const ports: FakePort[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const dropped: string[] = [];
  let lastError: string | undefined;
  const bridge = createBridge({
    connect: () => {
      const opened = new FakePort();
      ports.push(opened);
      return opened;
    },
    lastError: () => lastError,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    onDropped: (reason) => dropped.push(reason),
    pairingKey: key,
  });
  return {
    key,
    bridge,
    ports,
    port: () => ports.at(-1) as FakePort,
    timers,
    dropped,
    setLastError: (message) => {
      lastError = message;
    },
  };
}

function ready(h: Harness): void {
  h.port().deliver({ type: 'pairing', state: 'allowed', requests: ['agents.list'], app: '0.1.0' });
}

describe('the bridge', () => {
  it('opens every port with a hello presenting the kept key, and keeps the key an Allow hands out', () => {
    const h = harness();
    expect(h.port().sent).toEqual([{ type: 'hello' }]);
    h.port().deliver({ type: 'pairing', state: 'pending' });
    const key = 'k'.repeat(43);
    h.port().deliver({ type: 'pairing', state: 'allowed', app: '0.1.0', key });
    expect(h.key.get()).toBe(key);
    h.bridge.retry();
    expect(h.ports).toHaveLength(2);
    expect(h.port().sent).toEqual([{ type: 'hello', key }]);
    // A later answer without a key keeps the one there is.
    ready(h);
    expect(h.key.get()).toBe(key);
  });

  it('waits for the user after a refused key, rather than knocking again', () => {
    const h = harness('z'.repeat(43));
    h.port().deliver({ type: 'refused', reason: 'wrong-key', message: 'No.' });
    expect(h.bridge.state).toEqual({ kind: 'refused', reason: 'wrong-key' });
    h.port().end();
    expect(h.timers).toEqual([]);
    expect(h.ports).toHaveLength(1);
  });

  it('waits for the user to allow, then answers calls by id, in any order', async () => {
    const h = harness();
    expect(h.bridge.state.kind).toBe('connecting');
    h.port().deliver({ type: 'pairing', state: 'pending', message: 'Waiting.' });
    expect(h.bridge.state.kind).toBe('waiting-for-allow');
    const early = await h.bridge.call('agents.list', {});
    expect(early).toMatchObject({ ok: false, error: { code: BridgeErrorCodes.notConnected } });
    expect(calls(h.port())).toEqual([]);

    ready(h);
    expect(h.bridge.state).toEqual({ kind: 'ready', app: '0.1.0' });
    const first = h.bridge.call('agents.list', {});
    const second = h.bridge.call('usage.summary', {});
    const [a, b] = calls(h.port()) as { id: number; name: string }[];
    expect(a).toMatchObject({ type: 'call', name: 'agents.list', input: {} });
    h.port().deliver({ type: 'result', id: b?.id, result: { ok: true, data: 'second' } });
    h.port().deliver({ type: 'result', id: a?.id, result: { ok: true, data: 'first' } });
    expect(await first).toEqual({ ok: true, data: 'first' });
    expect(await second).toEqual({ ok: true, data: 'second' });
  });

  it('passes events on and refuses messages of no known shape, keeping the port', () => {
    const h = harness();
    ready(h);
    const events: [string, unknown][] = [];
    h.bridge.onEvent((name, payload) => events.push([name, payload]));
    for (const garbage of [null, 42, 'text', [], { type: 'nope' }, { type: 'result', id: -1 }]) {
      h.port().deliver(garbage);
    }
    h.port().deliver({ type: 'event', name: 'run.update', payload: { updates: [] } });
    expect(events).toEqual([['run.update', { updates: [] }]]);
    expect(h.dropped).toHaveLength(6);
    expect(h.bridge.state.kind).toBe('ready');
    expect(h.ports).toHaveLength(1);
  });

  it('joins a message the app cut into parts, whatever its text and the pieces’ size', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc.integer({ min: 8, max: 64 }),
        (text, budget) => {
          const h = harness();
          ready(h);
          const events: unknown[] = [];
          h.bridge.onEvent((_name, payload) => events.push(payload));
          const json = JSON.stringify({ type: 'event', name: 'run.update', payload: { text } });
          const pieces = splitText(json, budget);
          pieces.forEach((piece, index) =>
            h
              .port()
              .deliver({ type: 'part', message: 7, index, count: pieces.length, text: piece }),
          );
          expect(events).toEqual([{ text }]);
          expect(h.dropped).toEqual([]);
        },
      ),
    );
  });

  it('drops a message whose parts come out of order, or too many, and goes on', () => {
    const h = harness();
    ready(h);
    const events: unknown[] = [];
    h.bridge.onEvent((_name, payload) => events.push(payload));
    const pieces = splitText(JSON.stringify({ type: 'event', name: 'x', payload: 1 }), 10);
    h.port().deliver({ type: 'part', message: 1, index: 0, count: pieces.length, text: pieces[0] });
    h.port().deliver({ type: 'part', message: 1, index: 2, count: pieces.length, text: pieces[2] });
    h.port().deliver({ type: 'part', message: 2, index: 0, count: MAX_PARTS + 1, text: '{' });
    h.port().deliver({ type: 'part', message: 3, index: 0, count: 1, text: '{"type":' });
    expect(events).toEqual([]);
    expect(h.dropped).toEqual([
      'a message in parts: out-of-order',
      'a message in parts: too-large',
      'a message in parts that is not JSON',
    ]);
    h.port().deliver({ type: 'event', name: 'x', payload: 2 });
    expect(events).toEqual([2]);
  });

  it('says the app is not installed when the browser finds no host', () => {
    const h = harness();
    h.setLastError('Specified native messaging host not found.');
    h.port().end();
    expect(h.bridge.state.kind).toBe('not-installed');
    h.setLastError('Access to the specified native messaging host is forbidden.');
    h.timers.shift()?.run();
    h.port().end();
    expect(h.bridge.state.kind).toBe('forbidden');
  });

  it('says the app is not running when the relay could not reach or start it', () => {
    const h = harness();
    h.port().deliver({ type: 'relay-status', state: 'starting-app' });
    expect(h.bridge.state.kind).toBe('starting-app');
    h.port().deliver({ type: 'relay-error', code: 'app-not-started', message: 'Gave up.' });
    expect(h.bridge.state.kind).toBe('not-running');
    h.setLastError('Native host has exited.');
    h.port().end();
    // The words stay while the next attempt waits.
    expect(h.bridge.state.kind).toBe('not-running');
    expect(h.timers).toHaveLength(1);
  });

  it('says something other than the app answered, and keeps saying so while it tries again', () => {
    const h = harness();
    h.port().deliver({
      type: 'relay-error',
      code: 'app-untrusted',
      message: 'The app’s folder belongs to another user.',
    });
    expect(h.bridge.state.kind).toBe('untrusted');
    h.setLastError('Native host has exited.');
    h.port().end();
    expect(h.bridge.state.kind).toBe('untrusted');
    // The user's own app may take its place after a restart: the next attempt comes, the words
    // stay until it answers.
    expect(h.timers).toHaveLength(1);
    h.timers.shift()?.run();
    expect(h.bridge.state.kind).toBe('untrusted');
  });

  it('fails the calls in flight when the port ends, and reconnects with growing waits', async () => {
    const h = harness();
    ready(h);
    const inFlight = h.bridge.call('agents.list', {});
    h.setLastError('Native host has exited.');
    h.port().end();
    expect(await inFlight).toMatchObject({
      ok: false,
      error: { code: BridgeErrorCodes.disconnected },
    });
    expect(h.bridge.state).toEqual({ kind: 'disconnected', retryInMs: 500 });
    h.timers.shift()?.run();
    expect(h.ports).toHaveLength(2);
    h.port().end();
    expect(h.timers[0]?.ms).toBe(1_000);
    h.timers.shift()?.run();
    ready(h);
    expect(h.bridge.state.kind).toBe('ready');
    // Once served again, the waits start over.
    h.port().end();
    expect(h.timers[0]?.ms).toBe(500);
  });

  it('tries nothing again after Deny until the user asks', () => {
    const h = harness();
    h.port().deliver({ type: 'refused', reason: 'denied', message: 'Denied.' });
    h.port().end();
    expect(h.bridge.state).toEqual({ kind: 'refused', reason: 'denied' });
    expect(h.timers).toEqual([]);
    h.bridge.retry();
    expect(h.ports).toHaveLength(2);
  });

  it('ignores what an old port sends once another replaced it', () => {
    const h = harness();
    const old = h.port();
    h.bridge.retry();
    expect(old.disconnected).toBe(true);
    old.deliver({ type: 'pairing', state: 'allowed' });
    expect(h.bridge.state.kind).toBe('connecting');
    old.end();
    expect(h.timers).toEqual([]);
  });
});
