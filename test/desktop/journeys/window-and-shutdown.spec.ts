// The shell's own rules around the window and quitting: a window restored maximised is not shown
// blank before its page has painted; an update's quitAndInstall is not cancelled by the
// hide-to-tray; Windows' log-off (`session-end`) flushes like a quit.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DoubleLaunch } from '../double';
import { expect, test } from '../fixtures';

test('a window restored maximised is shown only once its page has painted', async ({
  launchApp,
  driverKind,
}) => {
  test.skip(
    driverKind === 'electron',
    'real Electron: a blank frame cannot be observed from a test; the double records when the window became visible',
  );
  const first = await launchApp();
  await first.appWindow();
  await first.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.maximize());
  expect(await first.quit()).toBe(0);

  const again = await launchApp({ userDataDir: first.userDataDir });
  await again.appWindow();
  const double = (again as unknown as { double: DoubleLaunch }).double;
  const window = double.windows.all()[0];
  await expect.poll(() => window?.isVisible()).toBe(true);
  expect(
    await again.evaluateMain(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows()[0]?.isMaximized(),
    ),
  ).toBe(true);
  expect(window?.record.shownBeforeLoad).toBe(false);
});

test('an update’s restart closes the window instead of hiding it to the tray', async ({
  launchApp,
}) => {
  const app = await launchApp();
  await app.appWindow();
  const left = await app.evaluateMain(({ autoUpdater, BrowserWindow }) => {
    // What electron-updater's quitAndInstall does before it closes the windows.
    autoUpdater.emit('before-quit-for-update');
    BrowserWindow.getAllWindows()[0]?.close();
    return BrowserWindow.getAllWindows().length;
  });
  expect(left).toBe(0);
});

test('Windows’ log-off (session-end) flushes core as a quit does', async ({ launchApp }) => {
  const app = await launchApp();
  await app.appWindow();
  const logs = await app.evaluateMain(({ app: electronApp }) => electronApp.getPath('logs'));
  await app.evaluateMain(({ BrowserWindow }) => {
    BrowserWindow.getAllWindows()[0]?.emit('session-end', { preventDefault() {} });
  });
  await expect
    .poll(async () =>
      (await readFile(join(logs, 'main.log'), 'utf8').catch(() => '')).includes('Backend closed'),
    )
    .toBe(true);
});
