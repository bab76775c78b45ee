// The relay starting the real app when it is not running: the launch file names browser mode's
// command (the app that serves the companion on Linux without Electron), the browser's relay finds
// no socket, starts it, waits for its socket, and the extension is served by it. The Electron
// app's own launch file (its executable and --background) is written by registration at start
// and proven in the desktop journeys; here the other half: that what the relay starts is an app
// that comes up and answers.
import { execFileSync } from 'node:child_process';
import { readdir, readFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey, newPairingKey, PAIRINGS_FILE } from '../../../electron/core/pairings/store';
import { testSocketPath } from '../../support/socket-path';
import { openExtensionPort, TEST_IDS_ENV } from './extension-port';
import { isType, type NativePort } from './native-port';

const ORIGIN = `chrome-extension://${'m'.repeat(32)}/`;
const ROOT = resolve(import.meta.dirname, '..', '..', '..');

let work: string;
let port: NativePort | undefined;

/**
 * The processes whose command line names `marker` (the app the relay started, detached): from
 * /proc on Linux, from `ps` on macOS, which has no /proc (BSD's and procps' `ps` read alike).
 */
async function processesNaming(marker: string): Promise<number[]> {
  const pids: number[] = [];
  if (process.platform === 'linux') {
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const cmdline = await readFile(join('/proc', entry, 'cmdline'), 'utf8').catch(() => '');
      if (cmdline.includes(marker)) pids.push(Number(entry));
    }
    return pids;
  }
  const listed = execFileSync('ps', ['-A', '-ww', '-o', 'pid=', '-o', 'command='], {
    encoding: 'utf8',
  });
  for (const line of listed.split('\n')) {
    const found = /^\s*(\d+)\s(.*)$/.exec(line);
    if (found?.[2]?.includes(marker)) pids.push(Number(found[1]));
  }
  return pids;
}

// Not on Windows: the app the relay starts is found (and stopped) by its command line, which
// Windows lists only through WMI, with neither /proc nor `ps`.
describe.skipIf(process.platform === 'win32')('the relay and an app not running', () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'relay-starts-app-'));
  });

  afterAll(async () => {
    port?.close();
    // The app was started in a session of its own, as a browser's relay leaves it: stopped here.
    for (const pid of await processesNaming(work)) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Gone already.
      }
    }
    await rm(work, { recursive: true, force: true });
  });

  it('starts the app from its launch file, waits for it, and the extension is served', async () => {
    const dataDir = join(work, 'data');
    const companion = join(work, 'companion');
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await mkdir(companion, { recursive: true, mode: 0o700 });
    // This browser was allowed on an earlier day, and keeps the key that Allow gave it: the app
    // serves it as soon as it is up.
    const key = newPairingKey();
    await writeFile(
      join(dataDir, PAIRINGS_FILE),
      JSON.stringify({
        version: 1,
        entries: [
          {
            origin: ORIGIN,
            decision: 'allowed',
            decidedAt: new Date().toISOString(),
            keyHash: hashKey(key),
          },
        ],
      }),
      { mode: 0o600 },
    );
    const command = [
      process.execPath,
      join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      join(ROOT, 'electron', 'web', 'cli.ts'),
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--no-build',
      '--no-notifications',
    ];
    await writeFile(join(companion, 'launch'), `${command.join('\n')}\n`, { mode: 0o600 });
    // Browser mode serves the page from `out/renderer` under its working folder, which the relay
    // passes on: a folder of the test's own with a page there, since this suite may run before
    // the renderer is built (a fresh clone's `npm test` builds it later).
    const appRoot = join(work, 'app-root');
    await mkdir(join(appRoot, 'out', 'renderer'), { recursive: true });
    await writeFile(
      join(appRoot, 'out', 'renderer', 'index.html'),
      '<!doctype html><html><head><title>Assistant</title></head><body></body></html>',
    );

    port = openExtensionPort(
      ORIGIN,
      {
        // The app the relay starts inherits its environment: it lets this made-up id in.
        ...TEST_IDS_ENV,
        ASSISTANT_COMPANION_SOCKET: testSocketPath(work, 'companion'),
        ASSISTANT_COMPANION_DIR: companion,
        // The app's own start (tsx compiling it, its demo service) on a busy 2-core machine.
        ASSISTANT_RELAY_WAIT_MS: '60000',
      },
      { cwd: appRoot, key },
    );
    expect(await port.next(isType('relay-status'))).toEqual({
      type: 'relay-status',
      state: 'starting-app',
    });
    const allowed = await port.next((m) => m.type === 'pairing' && m.state === 'allowed');
    expect(allowed.requests).toEqual(expect.arrayContaining(['agents.list', 'runs.start']));
    expect(await processesNaming(dataDir)).not.toHaveLength(0);

    port.send({ type: 'call', id: 1, name: 'agents.list', input: {} });
    const agents = await port.next((m) => m.type === 'result' && m.id === 1);
    expect(agents.result).toMatchObject({ ok: true });
    const listed = (agents.result as { data: { value: { title: string }[] } }).data.value;
    expect(listed.length).toBeGreaterThan(0);
  }, 90_000);
});
