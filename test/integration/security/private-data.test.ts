// The user's data on this computer is theirs alone, over the real backend and the demo service.
// On POSIX (Linux, macOS): every data folder is 0700 and every file 0600; a symbolic link planted
// where the log, a run's transcript or the settings go is refused, never followed; browser mode
// refuses a folder another user owns or may write to. On Windows, where folders are protected by
// ACLs rather than modes and planting a link needs privileges, what holds is where the data goes:
// browser mode keeps it in the OS's per-user folder (the XDG state folder, ~/Library/Application
// Support, %LOCALAPPDATA% under the user's profile), never a shared one.
import { spawn } from 'node:child_process';
import {
  chmod,
  chown,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveRunSummary } from '../../../electron/contract';
import { createBackend, type Backend, type BackendOptions } from '../../../electron/core/backend';
import { createLogger, type LogEntry } from '../../../electron/core/logs/logger';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { ensurePrivateDataDir } from '../../../electron/core/storage/private-files';
import { startBrowserMode } from '../../../electron/web/browser-mode';
import { testBackendOptions } from '../../support/backend-options';
import { underWine } from '../../support/wine';
import { ROOT, baseEnv } from '../cli/support';

let work: string;
let demo: DemoService;
let backend: Backend | undefined;

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'private-data-'));
  demo = await startDemoService({ pacing: 'instant' });
});

afterEach(async () => {
  await backend?.close();
  backend = undefined;
  await demo.stop();
  await rm(work, { recursive: true, force: true });
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
const windows = process.platform === 'win32';

async function start(dataDir: string, log?: BackendOptions['log']): Promise<Backend> {
  // The backend's own logger when none is given: the log file is opened as the app opens it.
  const options = testBackendOptions({ dataDir, log, baseUrl: demo.baseUrl, token: demo.token });
  backend = await createBackend({ ...options, scheduler: false });
  return backend;
}

async function call<T>(name: string, input: unknown): Promise<T> {
  const result = await backend!.dispatch(name as never, input as never, { host: 'browser' });
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.data as T;
}

// Windows has no modes to check, and O_NOFOLLOW does not exist there (private-files.ts).
describe.skipIf(windows)('data folders and files (POSIX)', () => {
  it('are created 0700 and 0600', async () => {
    const dataDir = join(work, 'new', 'data');
    await start(dataDir);
    await call('settings.update', { theme: 'dark' });
    await call('deals.list', { refresh: true });
    const run = await call<LiveRunSummary>('runs.start', {
      agentId: 'sales.deal_coach',
      message: 'Hello',
      dealId: demo.control.deals()[0]?.id,
    });
    await demo.control.waitForRun(run.runId);
    await backend!.close();
    backend = undefined;

    for (const dir of [dataDir, 'logs', 'runs', join('runs', run.runId), 'cache']) {
      expect([dir, await modeOf(dir === dataDir ? dir : join(dataDir, dir))]).toEqual([dir, 0o700]);
    }
    for (const file of [
      'settings.json',
      join('logs', 'main.log'),
      join('runs', run.runId, 'events.jsonl'),
    ]) {
      expect([file, await modeOf(join(dataDir, file))]).toEqual([file, 0o600]);
    }
  });

  it('never follow a planted symbolic link: the log, a transcript and the settings', async () => {
    const dataDir = join(work, 'data');
    const victim = join(work, 'victim.txt');
    await writeFile(victim, 'untouched');
    await mkdir(join(dataDir, 'logs'), { recursive: true });
    await mkdir(join(dataDir, 'runs', 'planted-run'), { recursive: true });
    await symlink(victim, join(dataDir, 'logs', 'main.log'));
    await symlink(victim, join(dataDir, 'settings.json'));
    // A transcript of a run "still going", so the backend follows it again at start.
    await writeFile(
      join(dataDir, 'runs', 'planted-run', 'meta.json'),
      JSON.stringify({
        version: 1,
        runId: 'planted-run',
        done: false,
        startedAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        eventCount: 0,
        textLength: 0,
      }),
    );
    await symlink(victim, join(dataDir, 'runs', 'planted-run', 'events.jsonl'));

    // The app's logger, opened as the backend opens its own, so the test hears the start-up
    // resume of interrupted runs end.
    const entries: LogEntry[] = [];
    const log = createLogger({
      filePath: join(dataDir, 'logs', 'main.log'),
      onEntry: (entry) => entries.push(entry),
    });
    const app = await start(dataDir, log);
    await call('settings.update', { theme: 'dark' });
    await call('deals.list', { refresh: true });
    // The planted transcript is refused (ELOOP), so the run is not followed again.
    await vi.waitFor(
      () => {
        const resume = entries.find(
          (entry) => entry.message === 'Could not resume interrupted runs',
        );
        expect(resume?.fields).toMatchObject({ error: { code: 'ELOOP' } });
      },
      { timeout: 10_000 },
    );
    expect(app.liveRuns().some((run) => run.runId === 'planted-run' && !run.done)).toBe(false);
    await app.close();
    backend = undefined;
    log.close();

    expect(await readFile(victim, 'utf8')).toBe('untouched');
  });
});

/** The OS's per-user folders for the child, inside this test's folder, and the one it must use. */
function userFolders(): { env: Record<string, string>; expected: string } {
  const home = join(work, 'home');
  if (windows) {
    const local = join(home, 'AppData', 'Local');
    return {
      env: { USERPROFILE: home, LOCALAPPDATA: local },
      expected: join(local, 'Assistant Desktop', 'browser-mode'),
    };
  }
  if (process.platform === 'darwin') {
    return {
      env: { HOME: home },
      expected: join(home, 'Library', 'Application Support', 'Assistant Desktop', 'browser-mode'),
    };
  }
  const state = join(work, 'state');
  return {
    env: { HOME: home, XDG_STATE_HOME: state },
    expected: join(state, 'assistant-desktop', 'browser-mode'),
  };
}

describe("browser mode's data folder", () => {
  // Wine 8 cannot make the junction this links the project's packages with (ENOTSUP); Windows
  // makes one without privileges, so this runs on a real Windows.
  it.skipIf(underWine)('defaults to the OS’s per-user folder (created 0700 on POSIX)', async () => {
    const folders = userFolders();
    // `npm run web` serves <cwd>/out/renderer, which a fresh clone has not built when this suite
    // runs: start it from a project folder of its own holding a stand-in page.
    const project = join(work, 'project');
    await mkdir(join(project, 'out', 'renderer'), { recursive: true });
    await writeFile(
      join(project, 'out', 'renderer', 'index.html'),
      '<!doctype html><html><head><title>Assistant</title></head><body></body></html>',
    );
    // A junction on Windows, which needs no privileges; the type is ignored elsewhere.
    await symlink(join(ROOT, 'node_modules'), join(project, 'node_modules'), 'junction');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'electron', 'web', 'cli.ts'),
        '--no-build',
        '--no-notifications',
        '--port',
        '0',
      ],
      { cwd: project, env: baseEnv(folders.env) },
    );
    let stdout = '';
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
      });
      child.on('close', (code) => reject(new Error(`ended with ${code}`)));
    });
    child.kill('SIGTERM');
    const printed = JSON.parse(line) as { dataDir: string; url: string };
    expect(printed.dataDir).toBe(folders.expected);
    if (!windows) expect(await modeOf(printed.dataDir)).toBe(0o700);
    expect(printed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64}$/);
    await new Promise((resolve) => child.once('close', resolve));
  });

  it.skipIf(windows)(
    'refuses a folder others can write to (POSIX), writing nothing into it',
    async () => {
      const shared = join(work, 'shared');
      await mkdir(shared);
      await chmod(shared, 0o777);
      await expect(
        startBrowserMode({
          dataDir: shared,
          rendererDir: join(ROOT, 'out', 'renderer'),
          scheduler: false,
        }),
      ).rejects.toMatchObject({
        code: 'unsafe_data_dir',
        message: expect.stringMatching(/Other users can write/),
      });
      expect(await readdir(shared)).toEqual([]);
    },
  );

  // Giving a folder to another user needs root (the case on this project's test machines).
  it.skipIf(process.getuid?.() !== 0)('refuses a folder another user owns (POSIX)', async () => {
    const theirs = join(work, 'theirs');
    await mkdir(theirs, { mode: 0o700 });
    await chown(theirs, 65534, 65534);
    await expect(
      startBrowserMode({
        dataDir: theirs,
        rendererDir: join(ROOT, 'out', 'renderer'),
        scheduler: false,
      }),
    ).rejects.toMatchObject({
      code: 'unsafe_data_dir',
      message: expect.stringMatching(/another user/),
    });
    expect(await readdir(theirs)).toEqual([]);
  });
});

describe('the data folder check, for each platform it is told it runs on', () => {
  // Linux and macOS are POSIX: the folder's owner and mode are checked (needs a POSIX disk).
  it.skipIf(windows).each(['linux', 'darwin'] as const)(
    'creates a missing folder 0700 and refuses one others can write to on %s',
    async (platform) => {
      const own = join(work, `own-${platform}`, 'data');
      await ensurePrivateDataDir(own, platform);
      expect(await modeOf(own)).toBe(0o700);
      const shared = join(work, `shared-${platform}`);
      await mkdir(shared);
      await chmod(shared, 0o777);
      await expect(ensurePrivateDataDir(shared, platform)).rejects.toMatchObject({
        code: 'unsafe_data_dir',
      });
    },
  );

  it('leaves a folder to its ACLs on win32: created, never refused for its mode', async () => {
    const fresh = join(work, 'fresh-win32', 'data');
    await ensurePrivateDataDir(fresh, 'win32');
    expect((await stat(fresh)).isDirectory()).toBe(true);
    const shared = join(work, 'shared-win32');
    await mkdir(shared);
    await chmod(shared, 0o777);
    await expect(ensurePrivateDataDir(shared, 'win32')).resolves.toBeUndefined();
  });
});
