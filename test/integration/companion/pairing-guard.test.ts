// What a process on the user's computer can and cannot get from the pairing, with the built relay
// and the companion host over the real socket: an extension this build does not let in is refused
// at the handshake (no question, no waiting browser in Settings, one log line each); one browser
// reconnecting asks one question, and after Not now none until the user decides; a connection
// that claims an allowed origin without its key gets nothing and asks nothing; and a browser
// allowed before keys existed waits for a new Allow, which hands it a key.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompanionHost } from '../../../electron/companion';
import { PAIRINGS_FILE } from '../../../electron/core/pairings/store';
import { createLogger } from '../../../electron/core/logs/logger';
import { testSocketPath } from '../../support/socket-path';
import { openExtensionPort, rememberKey, TEST_ORIGINS } from './extension-port';
import { startCompanionFixture, type CompanionFixture } from './fixtures/companion-host';
import { call, isType, type Message, type NativePort } from './native-port';

let fixture: CompanionFixture;
const asked: string[] = [];
const ports: NativePort[] = [];

const origin = (id: string) => `chrome-extension://${id}/`;
/** Twenty well-formed extension ids no test host lets in (two letters alternating). */
const UNKNOWN = Array.from({ length: 20 }, (_, i) => {
  const pair =
    String.fromCharCode(97 + (i % 16)) + String.fromCharCode(97 + ((i + 1 + (i >> 4)) % 16));
  return origin(pair.repeat(16));
});

function env(socket = fixture.socketPath): Record<string, string> {
  return {
    ASSISTANT_COMPANION_SOCKET: socket,
    ASSISTANT_COMPANION_DIR: join(fixture.work, 'no-launch-file'),
    ASSISTANT_RELAY_WAIT_MS: '0',
  };
}

function port(of: string, options: { key?: string | null; socket?: string } = {}): NativePort {
  const opened = openExtensionPort(of, env(options.socket), {
    ...(options.key === undefined ? {} : { key: options.key }),
  });
  ports.push(opened);
  return opened;
}

const isState = (state: string) => (m: Message) => m.type === 'pairing' && m.state === state;

beforeAll(async () => {
  fixture = await startCompanionFixture({
    folderPrefix: 'companion-guard-',
    host: { onPairingRequest: ({ origin: from }) => asked.push(from) },
  });
});

afterAll(async () => {
  for (const opened of ports) opened.process.kill();
  await fixture?.stop();
});

describe('an extension this build does not let in', () => {
  it('is refused at the handshake, twenty times over: no question, nothing waiting, one log line each', async () => {
    expect(UNKNOWN.filter((o) => TEST_ORIGINS.includes(o))).toEqual([]);
    expect(new Set(UNKNOWN).size).toBe(20);
    // All at once, as twenty tabs' relays would: on Windows they find the pipe's instances
    // taken for a moment (ERROR_PIPE_BUSY) and wait for one rather than read the app as absent.
    const refusals = await Promise.all(
      UNKNOWN.map(async (unknown) => {
        const opened = port(unknown);
        const refused = await opened.next(isType('refused'));
        expect(await opened.exited).toBe(0);
        return String(refused.reason);
      }),
    );
    expect(refusals).toEqual(UNKNOWN.map(() => 'unknown-extension'));
    expect(asked).toEqual([]);
    expect(fixture.host.overview()).toEqual([]);
    expect(fixture.host.pending()).toEqual([]);
    const lines = fixture.entries.filter((e) => e.message.includes('does not let in'));
    expect(lines.map((e) => e.fields?.origin).sort()).toEqual([...UNKNOWN].sort());
  });
});

describe('one browser connecting again and again', () => {
  const LOOPING = TEST_ORIGINS[1] as string;

  it('asks once, and after Not now asks no more while Settings lists it with Allow', async () => {
    for (let i = 0; i < 5; i += 1) {
      const opened = port(LOOPING);
      await opened.next(isState('pending'));
      opened.close();
      await opened.exited;
    }
    expect(asked.filter((o) => o === LOOPING)).toEqual([LOOPING]);

    fixture.host.dismissed(LOOPING);
    const after = port(LOOPING);
    await after.next(isState('pending'));
    expect(asked.filter((o) => o === LOOPING)).toEqual([LOOPING]);
    // Settings lists the waiting browser (with Allow and Deny) while it is connected.
    expect(fixture.host.overview()).toEqual([
      expect.objectContaining({ origin: LOOPING, decision: 'pending', connected: true }),
    ]);
    await fixture.host.allow(LOOPING);
    const allowed = await after.next(isState('allowed'));
    expect(allowed.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call(after, 'agents.list', {})).ok).toBe(true);
  });
});

describe('a connection that claims an allowed origin', () => {
  const CLAIMED = TEST_ORIGINS[2] as string;

  it('gets nothing and asks nothing without the key, or with another; the key is served', async () => {
    const key = await fixture.host.allow(CLAIMED);
    const before = asked.length;
    for (const presented of [null, 'A'.repeat(43), 'not a key']) {
      const claimer = port(CLAIMED, { key: presented });
      const refused = await claimer.next(isType('refused'));
      expect(refused.reason).toBe('wrong-key');
      expect(await claimer.exited).toBe(0);
      expect(claimer.received.some((m) => m.type === 'pairing' || m.type === 'result')).toBe(false);
    }
    expect(asked.length).toBe(before);
    expect(fixture.host.overview()).toContainEqual(
      expect.objectContaining({ origin: CLAIMED, decision: 'allowed', connected: false }),
    );

    rememberKey(fixture.socketPath, CLAIMED, key);
    const owner = port(CLAIMED);
    const allowed = await owner.next(isState('allowed'));
    // The key is handed out at the Allow only, never again.
    expect(allowed.key).toBeUndefined();
    expect((await call(owner, 'agents.list', {})).ok).toBe(true);
  });
});

describe('a browser allowed before pairings had keys', () => {
  it('is listed as needing a new Allow, waits, and is handed a key when allowed', async () => {
    const LEGACY = TEST_ORIGINS[3] as string;
    const dataDir = join(fixture.work, 'legacy-data');
    await mkdir(dataDir, { recursive: true });
    await writeFile(
      join(dataDir, PAIRINGS_FILE),
      JSON.stringify({
        version: 1,
        entries: [{ origin: LEGACY, decision: 'allowed', decidedAt: new Date().toISOString() }],
      }),
    );
    const legacyAsked: string[] = [];
    const socket = testSocketPath(join(fixture.work, 'run'), 'legacy');
    const host = await startCompanionHost({
      backend: fixture.backend,
      log: createLogger({}),
      dataDir,
      socketPath: socket,
      appVersion: '0.0.0-test',
      allowedOrigins: TEST_ORIGINS,
      onPairingRequest: ({ origin: from }) => legacyAsked.push(from),
    });
    try {
      expect(host.overview()).toEqual([
        expect.objectContaining({ origin: LEGACY, decision: 'reallow', connected: false }),
      ]);
      const waiting = port(LEGACY, { socket, key: null });
      await waiting.next(isState('pending'));
      expect(legacyAsked).toEqual([LEGACY]);
      await host.allow(LEGACY);
      const allowed = await waiting.next(isState('allowed'));
      expect(typeof allowed.key).toBe('string');
      expect(host.overview()).toEqual([
        expect.objectContaining({ origin: LEGACY, decision: 'allowed', connected: true }),
      ]);
    } finally {
      await host.stop();
    }
  });
});
