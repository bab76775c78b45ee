// The built relay and the companion host over the real per-user socket, with a real backend in
// front of the demo service (Salesforce profile): the socket's modes, a folder that is not
// private, pairing (pending, allowed, denied, revoked), the narrow contract and what falls outside
// it, a deal found from its CRM address's id, a run asked and followed to its end, and hostile
// frames and a flood that leave the host serving.
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DealsList, LiveRunSummary, type RunUpdates } from '../../../electron/contract';
import type { Backend } from '../../../electron/core/backend';
import { startCompanionHost, type CompanionHost } from '../../../electron/companion';
import { encodeFrame } from '../../../electron/companion/frame-codec';
import { createLogger, type LogEntry } from '../../../electron/core/logs/logger';
import { openExtensionPort, rememberKey, TEST_ORIGINS } from './extension-port';
import { underWine } from '../../support/wine';
import { startCompanionFixture, type CompanionFixture } from './fixtures/companion-host';
import { call, isType, nativeFrame, resultOf, type NativePort } from './native-port';

const ORIGIN_A = `chrome-extension://${'a'.repeat(32)}/`;
const ORIGIN_B = `chrome-extension://${'b'.repeat(32)}/`;
const ORIGIN_C = `chrome-extension://${'c'.repeat(32)}/`;

let fixture: CompanionFixture;
let work: string;
let backend: Backend;
let host: CompanionHost;
let socket: string;
let entries: LogEntry[];
const asked: string[] = [];
const ports: NativePort[] = [];
/** While set, the host's clock stands still: how fast a loaded machine passes frames is no factor. */
let clockStoppedAt: number | undefined;

function port(origin: string): NativePort {
  const opened = openExtensionPort(origin, {
    ASSISTANT_COMPANION_SOCKET: socket,
    ASSISTANT_COMPANION_DIR: join(work, 'no-launch-file'),
    ASSISTANT_RELAY_WAIT_MS: '0',
  });
  ports.push(opened);
  return opened;
}

/** A port of an origin the user allowed, ready for calls. */
async function allowedPort(origin: string): Promise<NativePort> {
  rememberKey(socket, origin, await host.allow(origin));
  const opened = port(origin);
  await opened.next((m) => m.type === 'pairing' && m.state === 'allowed');
  return opened;
}

beforeAll(async () => {
  fixture = await startCompanionFixture({
    folderPrefix: 'companion-',
    demo: { profile: 'salesforce' },
    host: {
      handshakeTimeoutMs: 300,
      now: () => clockStoppedAt ?? Date.now(),
      onPairingRequest: ({ origin }) => asked.push(origin),
    },
  });
  ({ work, backend, host, socketPath: socket, entries } = fixture);
});

afterAll(async () => {
  for (const opened of ports) opened.process.kill();
  await fixture?.stop();
});

// POSIX only: a socket file and its folder's modes. On Windows the host listens on a named pipe,
// no file and no folder (listener.ts: the pipe's default security and first-instance rule); a
// pipe already taken is control.test.ts's, and every other test here runs over the pipe there.
describe.skipIf(process.platform === 'win32')('the socket', () => {
  it('is a socket of mode 0600 in a folder of mode 0700', async () => {
    expect(host.status).toEqual({ kind: 'listening' });
    const file = await stat(socket);
    expect(file.isSocket()).toBe(true);
    expect(file.mode & 0o777).toBe(0o600);
    expect((await stat(join(work, 'run'))).mode & 0o777).toBe(0o700);
  });

  it('is not listened on when its folder is open to other users', async () => {
    const open = join(work, 'open');
    await mkdir(open, { mode: 0o755 });
    await chmod(open, 0o755);
    const refused = await startCompanionHost({
      backend,
      log: createLogger({ onEntry: (entry) => entries.push(entry) }),
      dataDir: join(work, 'data-open'),
      allowedOrigins: TEST_ORIGINS,
      socketPath: join(open, 'companion.sock'),
      appVersion: '0.0.0-test',
    });
    expect(refused.status.kind).toBe('refused');
    await expect(stat(join(open, 'companion.sock'))).rejects.toThrow();
    expect(entries.some((e) => e.level === 'error' && e.message.includes('must be 700'))).toBe(
      true,
    );
    await refused.stop();
  });
});

describe('pairing', () => {
  it('keeps an unknown browser waiting, asks the user once, and serves it once allowed', async () => {
    const first = port(ORIGIN_A);
    await first.next((m) => m.type === 'pairing' && m.state === 'pending');
    expect(await call(first, 'agents.list', {})).toMatchObject({
      ok: false,
      error: { code: 'pairing_pending' },
    });
    const second = port(ORIGIN_A);
    await second.next((m) => m.type === 'pairing' && m.state === 'pending');
    expect(asked.filter((origin) => origin === ORIGIN_A)).toEqual([ORIGIN_A]);
    expect(host.pending()).toContain(ORIGIN_A);

    await host.allow(ORIGIN_A);
    const ready = await first.next((m) => m.type === 'pairing' && m.state === 'allowed');
    expect(ready.requests).toContain('deals.findByCrmRecord');
    await second.next((m) => m.type === 'pairing' && m.state === 'allowed');
    const agents = await call(first, 'agents.list', {});
    expect(agents.ok).toBe(true);
    expect(host.browsers()).toEqual([
      expect.objectContaining({ origin: ORIGIN_A, decision: 'allowed' }),
    ]);
  });

  it('refuses a browser the user denied, and the relay ends', async () => {
    await host.deny(ORIGIN_B);
    const denied = port(ORIGIN_B);
    const refused = await denied.next(isType('refused'));
    expect(refused.reason).toBe('denied');
    await denied.next((m) => m.type === 'relay-error' && m.code === 'app-closed');
    expect(await denied.exited).toBe(0);
  });

  it('cuts a live connection when the browser is revoked', async () => {
    const live = await allowedPort(ORIGIN_C);
    expect((await call(live, 'usage.summary', {})).ok).toBe(true);
    await host.revoke(ORIGIN_C);
    expect((await live.next(isType('refused'))).reason).toBe('revoked');
    expect(await live.exited).toBe(0);
    expect(host.browsers().map((b) => b.origin)).not.toContain(ORIGIN_C);
    // Asked again next time.
    const again = port(ORIGIN_C);
    await again.next((m) => m.type === 'pairing' && m.state === 'pending');
  });
});

describe('the narrow contract', () => {
  it('refuses requests outside the subset, and logs the first with its name', async () => {
    const companion = await allowedPort(ORIGIN_A);
    for (const name of ['settings.get', 'session.setToken', 'diagnostics.copy', 'inbox.list']) {
      expect(await call(companion, name, {})).toMatchObject({
        ok: false,
        error: { code: 'not_available_to_companion' },
      });
    }
    // The rest are counted, and the count logged when the connection closes (refusal-tally.ts).
    expect(
      entries.filter((e) => e.message.includes('outside its subset')).map((e) => e.fields?.name),
    ).toEqual(['settings.get']);
  });

  it('passes on the company’s CRM hosts from the settings, and nothing else of them', async () => {
    const companion = await allowedPort(ORIGIN_A);
    const updated = await backend.dispatch(
      'settings.update',
      { companion: { crmDomains: { 'sales.globex.com': 'salesforce' } } },
      { host: 'test' },
    );
    expect(updated.ok).toBe(true);
    const answer = await call(companion, 'crm.companyHosts', {});
    expect(answer).toEqual({
      ok: true,
      data: { hosts: [{ host: 'sales.globex.com', crm: 'salesforce' }] },
    });
    expect(await call(companion, 'crm.companyHosts', { all: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('checks inputs with the contract’s schemas', async () => {
    const companion = await allowedPort(ORIGIN_A);
    expect(await call(companion, 'runs.start', { agentId: 'x', dealId: 'y' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await call(companion, 'runs.find', { limit: 5 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('finds the deal from the id in its Salesforce address, asks an agent and follows the answer', async () => {
    const companion = await allowedPort(ORIGIN_A);
    const held = await backend.dispatch('deals.list', {}, { host: 'test' });
    const deal = DealsList.parse(held.ok ? held.data : undefined).value[0];
    const shownId = String(deal?.data.Id).slice(0, 15);
    expect(shownId).toMatch(/^006/);

    const found = await call(companion, 'deals.findByCrmRecord', {
      crm: 'salesforce',
      recordId: shownId,
      host: 'acme.lightning.force.com',
    });
    // The demo's records say nothing of their CRM host: the panel decides by the hosts it has seen.
    expect(found).toMatchObject({ ok: true, data: { matchedBy: 'record-id', host: 'unstated' } });
    expect((found.data as { deal: { id: string } }).deal.id).toBe(deal?.id);
    expect(
      await call(companion, 'deals.findByCrmRecord', {
        crm: 'salesforce',
        recordId: '006000000000000',
        host: 'acme.lightning.force.com',
      }),
    ).toMatchObject({ ok: true, data: { deal: null, matchedBy: null, host: null } });
    // A lookup without the tab's host is refused: a record id alone names no organisation.
    expect(
      await call(companion, 'deals.findByCrmRecord', { crm: 'salesforce', recordId: shownId }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'host' } });

    const from = companion.received.length;
    const started = await call(companion, 'runs.start', {
      agentId: 'sales.deal_coach',
      message: 'What should I do next?',
      dealId: deal?.id,
    });
    expect(started.ok).toBe(true);
    const runId = (started.data as { runId: string }).runId;
    let text = '';
    await companion.next((m) => {
      if (m.type !== 'event' || m.name !== 'run.update') return false;
      const update = (m.payload as RunUpdates).updates.find((u) => u.runId === runId);
      if (update === undefined) return false;
      text += update.textAppended;
      return update.done === true;
    }, from);
    const followed = await call(companion, 'runs.follow', { runId });
    const snapshot = followed.data as {
      run: { text: string } | null;
      transcript: { text: string } | null;
    };
    expect(text.length).toBeGreaterThan(0);
    expect(snapshot.run?.text ?? snapshot.transcript?.text).toBe(text);
    expect(await call(companion, 'runs.find', { dealId: deal?.id, limit: 5 })).toMatchObject({
      ok: true,
    });
    expect(await call(companion, 'runs.cancel', { runId: 'not-followed' })).toMatchObject({
      ok: false,
      error: { code: 'run_not_started_here' },
    });
  });

  it('cancels a run only when this browser started it, not one the user started in the app and it follows', async () => {
    const companion = await allowedPort(ORIGIN_A);
    const held = await backend.dispatch('deals.list', {}, { host: 'test' });
    const deal = DealsList.parse(held.ok ? held.data : undefined).value[0];
    const input = { agentId: 'sales.deal_coach', message: 'Floor price?', dealId: deal?.id };
    const inApp = await backend.dispatch('runs.start', input, { host: 'test' });
    const appRun = LiveRunSummary.parse(inApp.ok ? inApp.data : undefined).runId;
    expect((await call(companion, 'runs.follow', { runId: appRun })).ok).toBe(true);
    expect(await call(companion, 'runs.cancel', { runId: appRun })).toMatchObject({
      ok: false,
      error: { code: 'run_not_started_here' },
    });
    const own = await call(companion, 'runs.start', input);
    const ownRun = (own.data as { runId: string }).runId;
    // Passed on to the service, which cancels it or says it has already finished (the demo runs
    // without pacing here).
    const cancelled = await call(companion, 'runs.cancel', { runId: ownRun });
    const error = cancelled.ok ? undefined : (cancelled.error as { code: string }).code;
    expect([undefined, 'run_not_cancellable']).toContain(error);
    await backend.dispatch('runs.cancel', { runId: appRun }, { host: 'test' });
  });
});

describe('bad input', () => {
  it('refuses malformed and oversized messages at the relay, and goes on', async () => {
    const companion = await allowedPort(ORIGIN_A);
    companion.sendRaw(nativeFrame('{"type": "call", '));
    expect(await companion.next((m) => m.type === 'relay-error')).toMatchObject({
      code: 'malformed-frame',
    });
    const from = companion.received.length;
    companion.sendRaw(nativeFrame(Buffer.alloc(2 * 1024 * 1024, 0x20)));
    expect(await companion.next((m) => m.type === 'relay-error', from)).toMatchObject({
      code: 'frame-too-large',
    });
    expect((await call(companion, 'agents.list', {})).ok).toBe(true);
  });

  it('refuses frames that are JSON but not calls, by id when they have one', async () => {
    const companion = await allowedPort(ORIGIN_A);
    companion.send({ hello: 'there' });
    expect(await companion.next(isType('notice'))).toMatchObject({ code: 'malformed_frame' });
    companion.send({ type: 'call', id: 99_001, name: 'agents.list', input: {}, extra: 1 });
    expect(await companion.next(resultOf(99_001))).toMatchObject({
      result: { ok: false, error: { code: 'malformed_frame' } },
    });
  });

  it('drops a socket connection that sends no handshake, or garbage, and stays up', async () => {
    const silent = createConnection(socket);
    const silentClosed = new Promise((resolve) => silent.on('close', resolve));
    await silentClosed;
    expect(entries.some((e) => e.message.includes('no handshake'))).toBe(true);

    const hostile = createConnection(socket);
    hostile.on('error', () => undefined);
    hostile.resume();
    await new Promise((resolve) => hostile.on('connect', resolve));
    const closed = new Promise((resolve) => hostile.on('close', resolve));
    hostile.write(Buffer.from([0xff, 0xff, 0xff, 0xff, 1, 2, 3]));
    hostile.write(encodeFrame({ type: 'hello', origin: 'https://evil.example/' }, 1024));
    await closed;

    const forged = createConnection(socket);
    forged.on('error', () => undefined);
    forged.resume();
    await new Promise((resolve) => forged.on('connect', resolve));
    const forgedClosed = new Promise((resolve) => forged.on('close', resolve));
    forged.write(encodeFrame({ type: 'hello', origin: ORIGIN_A, relay: 'x', protocol: 99 }, 1024));
    await forgedClosed;

    const companion = await allowedPort(ORIGIN_A);
    expect((await call(companion, 'agents.list', {})).ok).toBe(true);
  });

  // Under Wine, in one whole run of three, the flooding connection was closed with no call-by-call
  // refusal received first (docs/testing.md, "Windows under Wine"): not understood yet, so not
  // left to fail a run at random; real Windows runs it.
  it.skipIf(underWine)(
    'refuses a flood call by call, closes a connection that keeps flooding, and stays up',
    async () => {
      const flooder = await allowedPort(ORIGIN_A);
      // The flood must count as one burst however slowly the relay and host pass it on.
      clockStoppedAt = Date.now();
      const frames = Array.from({ length: 1500 }, (_, i) =>
        nativeFrame(
          JSON.stringify({ type: 'call', id: 500_000 + i, name: 'usage.summary', input: {} }),
        ),
      );
      flooder.sendRaw(Buffer.concat(frames));
      await flooder.next((m) => m.type === 'refused' && m.reason === 'flood');
      const limited = flooder.received.filter(
        (m) =>
          m.type === 'result' &&
          (m.result as { error?: { code: string } }).error?.code === 'rate_limited',
      );
      expect(limited.length).toBeGreaterThan(0);
      expect(await flooder.exited).toBe(0);
      expect(entries.some((e) => e.message.includes('kept flooding'))).toBe(true);
      clockStoppedAt = undefined;

      const next = await allowedPort(ORIGIN_A);
      expect((await call(next, 'usage.summary', {})).ok).toBe(true);
    },
  );
});
