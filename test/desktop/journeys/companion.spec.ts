// The browser companion's first connection in the desktop app: a browser's extension connects
// through the built relay (started by a process named as Chrome), and over the app's focused
// window a message box parented to it asks Allow / Deny / Not now, Not now its default. Not now
// leaves the browser waiting without asking again; the window's banner allows it, and the Allow
// hands it its key. With another app in front, a notification leads to the question instead.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DoubleLaunch } from '../double';
import { expect, test } from '../fixtures';
import { openExtensionPort, TEST_IDS_ENV } from '../../integration/companion/extension-port';
import { chromeNamed, resultOf, type NativePort } from '../../integration/companion/native-port';
import { testSocketPath } from '../../support/socket-path';

const ORIGIN = `chrome-extension://${'k'.repeat(32)}/`;
const ANOTHER = `chrome-extension://${'l'.repeat(32)}/`;

let folder: string | undefined;
const relays: NativePort[] = [];
test.afterEach(async () => {
  for (const relay of relays) relay.process.kill();
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

test('a browser asking to be allowed gets the question, and Allow serves it', async ({
  launchApp,
  driverKind,
}) => {
  test.skip(
    driverKind === 'electron',
    'real Electron: a native message box cannot be answered from a test; the double models dialog.showMessageBox',
  );
  test.skip(
    process.platform !== 'linux',
    'the question names Chrome, which the relay reads from its parent in /proc, on Linux alone; elsewhere it says "a browser"',
  );
  folder = await mkdtemp(join(tmpdir(), 'companion-journey-'));
  const chrome = await chromeNamed(folder);
  const env = {
    ASSISTANT_COMPANION: 'on',
    ASSISTANT_COMPANION_SOCKET: testSocketPath(join(folder, 'run'), 'companion'),
    ASSISTANT_COMPANION_DIR: join(folder, 'companion'),
    ASSISTANT_RELAY_WAIT_MS: '0',
    ...TEST_IDS_ENV,
  };
  const app = await launchApp({ env });
  const page = await app.appWindow();
  await expect(page.getByText('Morning briefing').first()).toBeVisible({ timeout: 30_000 });
  const double = (app as unknown as { double: DoubleLaunch }).double;
  const relay = (origin = ORIGIN) => {
    const opened = openExtensionPort(origin, env, { browser: chrome });
    relays.push(opened);
    return opened;
  };

  // Over the focused window the box opens at once; its default is Not now, and Not now asks
  // no more: the browser waits, in the window's banner and in Settings.
  const first = relay();
  await first.next((m) => m.type === 'pairing' && m.state === 'pending');
  const asked = await double.messageBoxes.next();
  // Modal to the app window (compared by identity: expect would probe the double's window).
  expect(asked.parent === double.windows.all()[0]).toBe(true);
  expect(asked.options).toMatchObject({
    type: 'question',
    message: 'Allow Assistant in Chrome to ask agents about your deals?',
    buttons: ['Allow', 'Deny', 'Not now'],
    defaultId: 2,
    cancelId: 2,
  });
  asked.close();
  const banner = page.getByRole('region', { name: 'A browser asks to connect' });
  await expect(banner).toBeVisible();
  first.close();
  await first.exited;

  const second = relay();
  await second.next((m) => m.type === 'pairing' && m.state === 'pending');
  await banner.getByRole('button', { name: 'Allow' }).click();
  const allowed = await second.next((m) => m.type === 'pairing' && m.state === 'allowed');
  expect(typeof allowed.key).toBe('string');
  second.send({ type: 'call', id: 1, name: 'agents.list', input: {} });
  const answer = await second.next(resultOf(1));
  expect(answer.result).toMatchObject({ ok: true });
  await expect(banner).toHaveCount(0);
  // The reconnection after Not now raised no second box.
  expect(double.messageBoxes.shown).toHaveLength(1);

  // Another app in front: no box steals the focus; a notification leads to it.
  await app.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.blur());
  const third = relay(ANOTHER);
  await third.next((m) => m.type === 'pairing' && m.state === 'pending');
  await expect
    .poll(() => app.notifications())
    .toContainEqual(expect.objectContaining({ title: 'A browser asks to connect' }));
  expect(double.messageBoxes.shown).toHaveLength(1);
  const index = (await app.notifications()).findIndex(
    (n) => n.title === 'A browser asks to connect',
  );
  await app.clickNotification(index);
  const moot = await double.messageBoxes.next();
  // Answered in the window instead, the message box closes itself.
  await banner.getByRole('button', { name: 'Allow' }).click();
  await third.next((m) => m.type === 'pairing' && m.state === 'allowed');
  await expect.poll(() => moot.settled).toBe(true);
});
