// Browser mode serves the companion end to end (issue #36): started in a fresh home, it registers
// with the browsers as the installed app does, the host manifest where Chromium reads it and the
// launch file; stopped, and a panel connecting later makes the browser start the relay the
// manifest names, which finds no app, starts browser mode through the launch file, waits for it,
// and the extension allowed on an earlier day is served by it. Then
// `--unregister-companion` takes it all away. The Electron app's own launch file (its executable
// and --background) is written by the same registration and proven in the desktop journeys.
import { execFileSync, spawn } from 'node:child_process';
import { readdir, readFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_EXTENSION_ID,
  extensionOrigin,
} from '../../../electron/companion/registration/extension-ids';
import { hashKey, newPairingKey, PAIRINGS_FILE } from '../../../electron/core/pairings/store';
import { relayBinary } from '../../support/relay-binary';
import { builtWebEntry } from '../../support/web-entry';
import { openExtensionPort } from './extension-port';
import { isType, type NativePort } from './native-port';

// The extension the manifest lets in: the unpacked copy browser mode serves.
const ORIGIN = extensionOrigin(DEVELOPMENT_EXTENSION_ID);
const HOST_NAME = 'com.assistant.desktop.companion';

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

/** A clean environment for browser mode and the relay: this test's home, nothing of the runner's. */
function userEnv(home: string, runtime: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    LANG: 'C.UTF-8',
    HOME: home,
    // Chromium and the relay both follow XDG_CONFIG_HOME; the runner's must not leak in.
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_RUNTIME_DIR: runtime,
    ...(process.platform === 'darwin' ? { TMPDIR: runtime } : {}),
    ASSISTANT_COMPANION_SOCKET: '',
    ASSISTANT_COMPANION_DIR: '',
    ASSISTANT_COMPANION_EXTRA_IDS: '',
  };
}

/** Runs the built entry until it prints its line (serving, and registered); returns the line. */
async function startOnce(entry: string, args: string[], env: Record<string, string>, cwd: string) {
  const child = spawn(process.execPath, [entry, ...args], { cwd, env, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
    });
    child.on('close', (code) => reject(new Error(`browser mode ended with ${code}:\n${stderr}`)));
  });
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.kill('SIGTERM');
  await closed;
  return { line, stderr };
}

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

// Not on Windows: the app the relay starts is found (and stopped) by its command line, which
// Windows lists only through WMI, with neither /proc nor `ps`; and Chromium's manifest there is a
// registry key, set through the relay (relay-registry.test.ts), not a file in the home.
describe.skipIf(process.platform === 'win32')('browser mode serving the companion', () => {
  let home: string;
  let env: Record<string, string>;
  let entry: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'relay-starts-app-'));
    home = join(work, 'home');
    const runtime = join(work, 'run');
    await mkdir(runtime, { mode: 0o700 });
    // Chromium has run for this user: its folder exists, Chrome's does not.
    await mkdir(join(home, '.config', 'chromium'), { recursive: true });
    env = userEnv(home, runtime);
    // The manifest names the checkout's relay; registration skips it when it is not built.
    relayBinary();
    entry = builtWebEntry();
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

  it('registers at start, the relay starts it through the launch file, and it serves', async () => {
    const dataDir = join(work, 'data');
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
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
    // Browser mode serves the page from `out/renderer` under its project folder: a folder of the
    // test's own with a page there, since this suite may run before the renderer is built (a
    // fresh clone's `npm test` builds it later).
    const project = join(work, 'app-root');
    await mkdir(join(project, 'out', 'renderer'), { recursive: true });
    await writeFile(
      join(project, 'out', 'renderer', 'index.html'),
      '<!doctype html><html><head><title>Assistant</title></head><body></body></html>',
    );

    const args = ['--port', '0', '--data-dir', dataDir, '--no-build', '--no-notifications'];
    const first = await startOnce(entry, args, env, project);
    expect(JSON.parse(first.line)).toMatchObject({ dataDir });

    const manifestPath = join(
      home,
      '.config',
      'chromium',
      'NativeMessagingHosts',
      `${HOST_NAME}.json`,
    );
    const manifest: unknown = JSON.parse(await readFile(manifestPath, 'utf8'));
    expect(manifest).toEqual({
      name: HOST_NAME,
      description: expect.any(String),
      path: relayBinary(),
      type: 'stdio',
      allowed_origins: [ORIGIN],
    });
    expect(await modeOf(manifestPath)).toBe(0o644);
    // Only where a browser is: Chrome never ran here.
    await expect(stat(join(home, '.config', 'google-chrome'))).rejects.toThrow();

    const launchPath = join(home, '.config', 'assistant-desktop', 'companion', 'launch');
    const launch = (await readFile(launchPath, 'utf8')).split('\n');
    expect(launch).toEqual([
      process.execPath,
      entry,
      '--project-dir',
      project,
      '--data-dir',
      dataDir,
      '--port',
      '0',
      '--no-build',
      '--no-notifications',
      '',
    ]);
    expect(await modeOf(launchPath)).toBe(0o600);

    // No app runs now. The browser starts the manifest's relay with the extension's origin, from
    // its own working folder, with the user's environment.
    port = openExtensionPort(
      ORIGIN,
      // The app's start (node, its demo service) on a busy 2-core machine.
      { ...env, ASSISTANT_RELAY_WAIT_MS: '60000' },
      { cwd: home, key },
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

  it('--unregister-companion removes the manifest and the launch file', async () => {
    // A home of its own: the app the relay started above is still up in the first one.
    const other = join(work, 'home-2');
    await mkdir(join(other, '.config', 'chromium'), { recursive: true });
    const otherEnv = { ...env, HOME: other, XDG_CONFIG_HOME: join(other, '.config') };
    const dataDir = join(work, 'data-2');
    const args = ['--port', '0', '--data-dir', dataDir, '--no-build', '--no-notifications'];
    await startOnce(entry, args, otherEnv, join(work, 'app-root'));
    const companion = join(other, '.config', 'assistant-desktop', 'companion');
    const hosts = join(other, '.config', 'chromium', 'NativeMessagingHosts');
    expect(await readdir(companion)).toContain('launch');
    expect(await readdir(hosts)).toEqual([`${HOST_NAME}.json`]);

    const output = execFileSync(process.execPath, [entry, '--unregister-companion'], {
      env: otherEnv,
      cwd: other,
      encoding: 'utf8',
    });
    expect(output).toMatch(/removed the browser companion's registration/);
    expect(await readdir(companion)).toEqual([]);
    expect(await readdir(hosts)).toEqual([]);
  });
});
