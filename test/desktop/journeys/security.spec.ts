// Electron's security checklist, seen from the page: our page cannot navigate elsewhere, open a
// window or get a permission, and a call from anywhere but the app window's top frame is refused.
import type { DoubleLaunch } from '../double';
import { APP_URL } from '../driver/types';
import { expect, test } from '../fixtures';
import { invoke } from './support';

test('our page cannot navigate away, open a window or get a permission', async ({ launchApp }) => {
  const app = await launchApp();
  const page = await app.appWindow();
  await expect(page.getByText('Morning briefing').first()).toBeVisible({ timeout: 30_000 });

  // Navigation elsewhere: refused, and the link goes to the user's browser instead.
  await page.evaluate("location.href = 'https://example.com/elsewhere'");
  await expect.poll(() => app.openedExternally()).toContain('https://example.com/elsewhere');
  await expect(page).toHaveURL(APP_URL);

  // A new window: refused; an https link goes to the browser.
  await page.evaluate("window.open('https://example.com/popup', '_blank')");
  await expect.poll(() => app.openedExternally()).toContain('https://example.com/popup');
  expect(await app.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(
    1,
  );
  // A non-web link is not handed to the OS at all.
  await page.evaluate("window.open('file:///etc/passwd', '_blank')");
  expect(await app.openedExternally()).not.toContain('file:///etc/passwd');

  // Permissions: the page asks and is refused.
  const permissions = await page.evaluate<{
    notification: string;
    geolocation: string;
  }>(`(async () => {
    const notification = await Notification.requestPermission();
    const geolocation = await new Promise((resolve) =>
      navigator.geolocation.getCurrentPosition(
        () => resolve('granted'),
        (error) => resolve('refused (' + error.code + ')'),
        { timeout: 5000 },
      ),
    );
    return { notification, geolocation };
  })()`);
  expect(permissions.notification).not.toBe('granted');
  expect(permissions.geolocation).toMatch(/refused/);
  await expect(page).toHaveURL(APP_URL);
});

test('a call from a foreign frame or another window is refused', async ({
  launchApp,
  driverKind,
}) => {
  test.skip(
    driverKind === 'electron',
    'real Electron: a compromised frame’s IPC cannot be staged without changing the app; the double sends it as such a frame would',
  );
  const app = await launchApp();
  const page = await app.appWindow();
  await expect(page.getByText('Morning briefing').first()).toBeVisible({ timeout: 30_000 });
  const double = (app as unknown as { double: DoubleLaunch }).double;
  const { windows, electron } = double;
  const appWindow = windows.all()[0];
  if (appWindow === undefined) throw new Error('no window');

  // A subframe of the app window (the preload never runs there; a compromised one could call).
  await page.evaluate(
    "document.body.append(Object.assign(document.createElement('iframe'), { srcdoc: '<p>inner</p>' }))",
  );
  const subframe = await expect
    .poll(() => page.frames().length)
    .toBeGreaterThan(1)
    .then(() => page.frames().find((f) => f !== page.mainFrame()));
  if (subframe === undefined) throw new Error('no subframe');
  const fromSubframe = await electron.ipcMain.invoke(
    appWindow.webContents,
    subframe,
    'assistant:invoke',
    ['app.info', {}],
  );
  expect(fromSubframe).toMatchObject({
    ok: true,
    value: { ok: false, error: { code: 'forbidden' } },
  });

  // The app window's top frame, for comparison, is answered.
  const fromTop = await invoke<{ ok: boolean }>(page, 'app.info');
  expect(fromTop.ok).toBe(true);

  // Another window's page (a page on a foreign origin) is refused too.
  const other = await page.context().newPage();
  await other.goto('about:blank');
  const fromOther = await electron.ipcMain.invoke({}, other.mainFrame(), 'assistant:invoke', [
    'app.info',
    {},
  ]);
  expect(fromOther).toMatchObject({ ok: true, value: { ok: false, error: { code: 'forbidden' } } });
  await other.close();
});
