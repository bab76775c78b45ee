// One wire end to end: an answer too large for one native message, from the companion host
// through the built relay to the extension's own bridge. The host cuts it with the contract's
// framer, the relay passes each part (it refuses any frame over Chrome's 1 MiB), and the bridge
// joins them with the contract's joiner into exactly what core holds. Every message the port
// carries fits the contract's schemas (contract/companion-wire.ts), the store extension's shapes.
// The run is the hostile service's flood, cut by the app at a run limit shrunk to 3 MiB here.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortMessage, type Transcript } from '../../../electron/contract';
import { createBackend, type Backend } from '../../../electron/core/backend';
import { startCompanionHost, type CompanionHost } from '../../../electron/companion';
import { createLogger } from '../../../electron/core/logs/logger';
import { createBridge, type Bridge } from '../../../extension/src/bridge/bridge';
import { memoryKeyHolder } from '../../../extension/src/bridge/pairing-key';
import type { NativePort as ExtensionPort } from '../../../extension/src/chrome';
import { testBackendOptions } from '../../support/backend-options';
import { startHostileService, type HostileService } from '../../support/hostile-service';
import { testSocketPath } from '../../support/socket-path';
import { runFloodToEnd } from './fixtures/flood-run';
import { openNativePort, type Message } from './native-port';

const ORIGIN = `chrome-extension://${'p'.repeat(32)}/`;
const RUN_BYTES = 3 * 1024 * 1024;

let work: string;
let hostile: HostileService;
let backend: Backend;
let host: CompanionHost;
let socketPath: string;
let runId: string;
const relays: Array<ReturnType<typeof openNativePort>> = [];

/** Chrome's port as the bridge sees it, over a relay started as Chrome starts it. */
function relayPort(): ExtensionPort {
  const relay = openNativePort(ORIGIN, {
    ASSISTANT_COMPANION_SOCKET: socketPath,
    ASSISTANT_COMPANION_DIR: join(work, 'no-launch-file'),
    ASSISTANT_RELAY_WAIT_MS: '0',
  });
  relays.push(relay);
  const onMessage: Array<(message: unknown) => void> = [];
  const onDisconnect: Array<(port: ExtensionPort) => void> = [];
  const port: ExtensionPort = {
    name: 'com.assistant.desktop.companion',
    postMessage: (message) => relay.send(message),
    disconnect: () => relay.close(),
    onMessage: { addListener: (l) => onMessage.push(l), removeListener: () => undefined },
    onDisconnect: { addListener: (l) => onDisconnect.push(l), removeListener: () => undefined },
  };
  // Each message the relay wrote, in order, as Chrome delivers them; its end as a disconnect.
  const pump = (at: number): void => {
    relay
      .next(() => true, at)
      .then(
        (message) => {
          for (const listener of onMessage) listener(message);
          pump(at + 1);
        },
        () => {
          for (const listener of onDisconnect) listener(port);
        },
      );
  };
  pump(0);
  return port;
}

function openBridge(key: string, onDropped: (reason: string) => void): Bridge {
  return createBridge({
    connect: relayPort,
    lastError: () => undefined,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    pairingKey: memoryKeyHolder(key),
    onDropped,
  });
}

function ready(bridge: Bridge): Promise<void> {
  return new Promise((resolve) => {
    if (bridge.state.kind === 'ready') resolve();
    const stop = bridge.onState((state) => {
      if (state.kind !== 'ready') return;
      stop();
      resolve();
    });
  });
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'companion-paged-'));
  hostile = await startHostileService({ floodBytes: 4 * RUN_BYTES });
  const log = createLogger({});
  backend = await createBackend({
    ...testBackendOptions({
      dataDir: join(work, 'data'),
      log,
      baseUrl: hostile.baseUrl,
      token: 'tok_hostile_0123456789',
    }),
    limits: { maxRunBytes: RUN_BYTES },
  });
  runId = await runFloodToEnd(backend);
  socketPath = testSocketPath(join(work, 'run'), 'companion');
  host = await startCompanionHost({
    backend,
    log: log.child('companion'),
    dataDir: join(work, 'data'),
    socketPath,
    appVersion: '0.0.0-test',
    allowedOrigins: [ORIGIN],
  });
});

afterAll(async () => {
  for (const relay of relays) relay.process.kill();
  await host?.stop();
  await backend?.close();
  await hostile?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('an answer larger than a native message', () => {
  it('reaches the extension in parts through the relay, joined into what core holds', async () => {
    const dropped: string[] = [];
    // Anything dropped on the way (a broken part, a frame the relay refused) ends the wait at once.
    let fail: (reason: string) => void = () => undefined;
    const failed = new Promise<never>((_resolve, reject) => {
      fail = (reason) => reject(new Error(`The bridge dropped ${reason}`));
    });
    const bridge = openBridge(await host.allow(ORIGIN), (reason) => {
      dropped.push(reason);
      fail(reason);
    });
    await ready(bridge);

    const answer = await Promise.race([bridge.call('runs.follow', { runId }), failed]);
    const stored = await backend.dispatch('runs.transcript', { runId }, { host: 'test' });
    expect(stored.ok).toBe(true);
    const text = (stored.ok ? (stored.data as Transcript) : undefined)?.text ?? '';
    expect(text.length).toBeGreaterThan(RUN_BYTES / 2);
    // runs.follow answers with the live run (it is still in the app's list) and its text so far.
    expect(answer.ok).toBe(true);
    const run = answer.ok
      ? (answer.data as { run: { runId: string; text: string } | null }).run
      : null;
    expect(run?.runId).toBe(runId);
    // Compared as a flag: a failure should not print megabytes.
    expect(run?.text.length).toBe(text.length);
    expect(run?.text === text).toBe(true);
    expect(dropped).toEqual([]);

    // It came in parts, every message of the port in the contract's shapes, none refused.
    const received: Message[] = relays.flatMap((relay) => relay.received);
    const parts = received.filter((message) => message.type === 'part');
    expect(parts.length).toBeGreaterThan(2);
    for (const message of received) expect(PortMessage.safeParse(message).success).toBe(true);
    expect(received.filter((message) => message.type === 'relay-error')).toEqual([]);
    bridge.close();
  });
});
