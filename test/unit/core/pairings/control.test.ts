// What the renderer's companion requests answer before, without and with a companion host: off,
// unavailable with its reason (a socket folder open to others), the host's browsers, and a
// registration that failed, each change told as a companion.changed event carrying the whole state.
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CompanionState, type CompanionChanged } from '../../../../electron/contract';
import { createCompanionControl } from '../../../../electron/core/pairings/control';
import { startCompanionHost } from '../../../../electron/companion/host';
import { createSilentLogger } from '../../../../electron/core/logs/logger';
import { testSocketPath } from '../../../support/socket-path';
import { underWine } from '../../../support/wine';

const ORIGIN = `chrome-extension://${'m'.repeat(32)}/`;
const backend = {
  dispatch: () => Promise.resolve({ ok: true as const, data: null }),
  events: { subscribe: () => () => undefined, emit: () => undefined },
};

let work: string | undefined;
afterEach(async () => {
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

function control() {
  const events: CompanionChanged[] = [];
  const made = createCompanionControl((name, payload) => {
    if (name === 'companion.changed') events.push(payload as CompanionChanged);
  });
  return { control: made, events };
}

/** A companion host in a folder of its own (removed after each test). */
async function startedHost() {
  work = await mkdtemp(join(tmpdir(), 'companion-control-'));
  await mkdir(join(work, 'run'), { mode: 0o700 });
  return startCompanionHost({
    backend,
    log: createSilentLogger(),
    dataDir: join(work, 'data'),
    socketPath: testSocketPath(join(work, 'run'), 'companion'),
    appVersion: '0.0.0-test',
    allowedOrigins: [ORIGIN],
  });
}

describe('the companion as the renderer asks about it', () => {
  it('is off until a host is attached, and says it could not start', async () => {
    const { control: c, events } = control();
    expect(c.state()).toEqual({ status: 'off' });
    expect(await c.decide(ORIGIN, true)).toEqual({ status: 'off' });
    c.attach({ kind: 'failed' });
    expect(c.state()).toEqual({ status: 'unavailable', reason: 'failed' });
    expect(events.at(-1)).toEqual({ change: 'status', state: c.state() });
  });

  // Windows has no socket folder: a named pipe instead, taken by another copy (the test after).
  it.skipIf(process.platform === 'win32')(
    'says why when the socket’s folder is open to other users',
    async () => {
      work = await mkdtemp(join(tmpdir(), 'companion-control-'));
      const open = join(work, 'open');
      await mkdir(open);
      await chmod(open, 0o755);
      const host = await startCompanionHost({
        backend,
        log: createSilentLogger(),
        dataDir: join(work, 'data'),
        socketPath: join(open, 'companion.sock'),
        appVersion: '0.0.0-test',
        allowedOrigins: [ORIGIN],
      });
      const { control: c } = control();
      c.attach({ kind: 'started', host });
      expect(c.state()).toEqual({ status: 'unavailable', reason: 'unsafe-folder' });
      await host.stop();
    },
  );

  // Wine 8 lets a second server create a pipe that libuv opens with FILE_FLAG_FIRST_PIPE_INSTANCE,
  // which Windows refuses: there this runs on Windows only.
  it.skipIf(underWine)(
    'says another copy serves the companion when its socket is taken',
    async () => {
      work = await mkdtemp(join(tmpdir(), 'companion-control-'));
      await mkdir(join(work, 'run'), { mode: 0o700 });
      const options = {
        backend,
        log: createSilentLogger(),
        dataDir: join(work, 'data'),
        socketPath: testSocketPath(join(work, 'run'), 'companion'),
        appVersion: '0.0.0-test',
        allowedOrigins: [ORIGIN],
      };
      const first = await startCompanionHost(options);
      const second = await startCompanionHost(options);
      const { control: c } = control();
      c.attach({ kind: 'started', host: second });
      expect(c.state()).toEqual({ status: 'unavailable', reason: 'elsewhere' });
      await second.stop();
      await first.stop();
    },
  );

  it('lists the host’s decisions and tells each change with the state after it', async () => {
    const host = await startedHost();
    const { control: c, events } = control();
    c.attach({ kind: 'started', host });
    expect(c.state()).toEqual({ status: 'on', browsers: [] });

    const decided = await c.decide(ORIGIN, false);
    expect(decided).toEqual({
      status: 'on',
      browsers: [
        {
          origin: ORIGIN,
          decision: 'denied',
          extension: 'other',
          decidedAt: expect.any(String) as string,
          connected: false,
        },
      ],
    });
    expect(events.at(-1)).toEqual({ change: 'decided', origin: ORIGIN, state: decided });
    expect(await c.revoke(ORIGIN)).toEqual({ status: 'on', browsers: [] });
    expect(events.at(-1)?.change).toBe('revoked');
    await host.stop();
  });

  it('says when this start could not register with the browsers, until a later try works', async () => {
    const host = await startedHost();
    const { control: c, events } = control();
    c.attach({ kind: 'started', host });
    c.registered('failed');
    expect(c.state()).toEqual({ status: 'on', browsers: [], registration: 'failed' });
    expect(events.at(-1)).toEqual({ change: 'status', state: c.state() });
    c.registered('done');
    expect(c.state()).toEqual({ status: 'on', browsers: [] });
    // macOS: refused for the app's place (a disk image, a translocated copy), Settings says how
    // to move it; what the renderer receives passes the contract's schema.
    for (const problem of ['disk-image', 'translocated'] as const) {
      c.registered(problem);
      expect(c.state()).toEqual({ status: 'on', browsers: [], registration: problem });
      expect(CompanionState.parse(c.state())).toEqual(c.state());
    }
    await host.stop();
  });
});
