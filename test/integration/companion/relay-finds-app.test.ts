// The app's start and the built relay, with no socket named by the environment: startCompanion
// chooses the address as an installed app does without a runtime folder (a new private folder in
// /tmp, never /tmp/assistant-desktop-<uid>; on Windows a random pipe), records it in the address
// file, and a relay told only the companion folder reaches it and is asked to wait for the user.
// A second start then sees the first and serves nothing ("elsewhere"), leaving the file alone.
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../electron/core/backend';
import type { CompanionHost } from '../../../electron/companion';
import { startCompanion } from '../../../electron/companion/start';
import { createLogger } from '../../../electron/core/logs/logger';
import { testBackendOptions } from '../../support/backend-options';
import { openExtensionPort, TEST_IDS_ENV } from './extension-port';
import { isType, type NativePort } from './native-port';

const ORIGIN = `chrome-extension://${'f'.repeat(32)}/`;
let work: string;
let backend: Backend;
const hosts: CompanionHost[] = [];
/** The private folder the first start made in /tmp (the app keeps it for its next start). */
let made: string | undefined;
let port: NativePort | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'finds-app-'));
  await mkdir(join(work, 'data'), { mode: 0o700 });
  // No service is called: the relay's connection waits for the user's Allow.
  backend = await createBackend(
    testBackendOptions({
      dataDir: join(work, 'data'),
      log: createLogger(),
      baseUrl: 'http://127.0.0.1:9',
      token: 'unused',
    }),
  );
});
afterAll(async () => {
  port?.close();
  for (const host of hosts) await host.stop();
  await backend.close();
  if (made !== undefined) await rm(made, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

describe('the app records where it listens, and the relay finds it there', () => {
  it('without a runtime folder: a private folder of its own, found through the address file', async () => {
    const companion = join(work, 'companion');
    const env = {
      ASSISTANT_COMPANION_DIR: companion,
      ASSISTANT_COMPANION_SOCKET: '',
      XDG_RUNTIME_DIR: '',
      TMPDIR: '',
      ...TEST_IDS_ENV,
    };
    const start = () =>
      startCompanion({
        backend,
        log: createLogger(),
        dataDir: join(work, 'data'),
        appVersion: '0.0.0-test',
        buildKind: 'development',
        env,
      });
    const first = await start();
    if (first === undefined) throw new Error('the companion did not start');
    hosts.push(first);
    expect(first.status.kind).toBe('listening');
    const recorded = await readFile(join(companion, 'address'), 'utf8');
    expect(recorded).toBe(`${first.socketPath}\n`);
    if (process.platform === 'win32') {
      expect(first.socketPath).toMatch(/^\\\\\.\\pipe\\assistant-desktop-companion-[0-9a-f]{32}$/);
    } else {
      const folder = dirname(first.socketPath);
      made = folder;
      expect(folder).toMatch(/^\/tmp\/assistant-desktop-[A-Za-z0-9]{6}$/);
      expect(folder).not.toBe(`/tmp/assistant-desktop-${userInfo().uid}`);
      expect((await stat(folder)).mode & 0o777).toBe(0o700);
    }

    port = openExtensionPort(ORIGIN, {
      ASSISTANT_COMPANION_DIR: companion,
      ASSISTANT_COMPANION_SOCKET: '',
      ASSISTANT_RELAY_WAIT_MS: '0',
    });
    expect(await port.next(isType('pairing'))).toMatchObject({ state: 'pending' });

    const second = await start();
    if (second === undefined) throw new Error('the second companion did not start');
    hosts.push(second);
    expect(second.status.kind).toBe('elsewhere');
    expect(await readFile(join(companion, 'address'), 'utf8')).toBe(recorded);
  });
});
