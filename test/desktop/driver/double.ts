// The driver over the Electron double (test/desktop/double): the real built main and preload in
// this test worker, windows as pages of the Chromium test/support/chromium.ts finds (Debian's
// here).

import type { Browser, Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchDouble, type DoubleLaunch } from '../double';
import { APP_URL, type DesktopApp, type LaunchOptions } from './types';

export async function launchWithDouble(
  browser: Browser,
  repo: string,
  options: LaunchOptions,
  onPageCoverage?: (entries: unknown[], sourceUrl: string) => void,
): Promise<DesktopApp & { double: DoubleLaunch }> {
  const ownDir = options.userDataDir === undefined;
  const userDataDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'assistant-desktop-')));
  const double = await launchDouble({
    browser,
    repo,
    appPath: repo,
    userDataDir,
    platform: process.platform,
    safeStorage: options.safeStorage ?? 'keyring',
    keyringSecret: options.keyringSecret ?? 'test-keyring',
    takenShortcuts: [],
    notificationsSupported: true,
    collectPageCoverage: onPageCoverage !== undefined,
    ...(onPageCoverage === undefined ? {} : { onPageCoverage }),
    ...(options.args === undefined ? {} : { args: options.args }),
    ...(options.packaged === undefined ? {} : { packaged: options.packaged }),
    // The companion's socket is per user: journeys running side by side leave it alone (its
    // own integration tests cover it).
    env: { ASSISTANT_USER_DATA_DIR: userDataDir, ASSISTANT_COMPANION: 'off', ...options.env },
  });

  const pollUntil = async <T>(
    what: string,
    read: () => T | undefined,
    timeoutMs = 30_000,
  ): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      if (double.launch.errors.length > 0) throw double.launch.errors[0];
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const appWindowObject = () =>
    double.windows.all().find((w) => !w.isDestroyed() && APP_URL.test(w.webContents.getURL()));
  const currentTray = () => double.trays.find((t) => !t.destroyed);

  const app: DesktopApp & { double: DoubleLaunch } = {
    kind: 'double',
    double,
    userDataDir,
    appWindow: async () => (await pollUntil('the app window', appWindowObject)).webContents.page(),
    async waitForWindow(url) {
      const window = await pollUntil(`a window on ${String(url)}`, () =>
        double.windows.all().find((w) => !w.isDestroyed() && url.test(w.webContents.getURL())),
      );
      return window.webContents.page();
    },
    async evaluateMain(fn, arg) {
      // Serialised and rebuilt as the real driver must, so a journey cannot close over test state.
      const rebuilt = new Function(`return (${fn.toString()})`)() as typeof fn;
      return rebuilt(double.electron as never, arg as never);
    },
    appWindowVisible: async () => appWindowObject()?.isVisible() ?? false,
    async tray() {
      const tray = currentTray();
      if (tray === undefined) return undefined;
      return {
        tooltip: tray.tooltip,
        items: tray.menu === undefined ? [] : double.menuLabels(tray.menu),
      };
    },
    async clickTray() {
      const tray = await pollUntil('the tray', currentTray);
      tray.emit('click', { preventDefault() {} }, { x: 0, y: 0, width: 16, height: 16 });
    },
    async clickTrayItem(label) {
      const tray = await pollUntil('the tray menu', () =>
        currentTray()?.menu === undefined ? undefined : currentTray(),
      );
      if (tray.menu !== undefined) double.clickMenuItem(tray.menu, label);
    },
    notifications: async () => double.notifications.map(({ title, body }) => ({ title, body })),
    async clickNotification(index) {
      const shown = double.notifications[index];
      if (shown === undefined) throw new Error(`No notification #${index}`);
      // A click reaches only a notification whose object is still alive (see platform.ts).
      shown.target.deref()?.emit('click', { preventDefault() {} });
    },
    async pressShortcut(accelerator) {
      const callback = double.shortcuts.get(accelerator);
      if (callback === undefined) throw new Error(`${accelerator} is not registered`);
      callback();
    },
    openedExternally: async () => [...double.openedExternally],
    async sleepAndWake(asleepMs) {
      double.powerMonitor.emit('suspend');
      await new Promise((resolve) => setTimeout(resolve, asleepMs));
      double.powerMonitor.emit('resume');
    },
    async quit() {
      double.app.quit();
      return double.app.exited();
    },
    exited: () => double.app.exited(),
    async close() {
      if (!double.launch.exited) {
        double.app.quit();
        await Promise.race([
          double.app.exited(),
          new Promise((resolve) => setTimeout(resolve, 10_000)),
        ]);
        if (!double.launch.exited) double.app.exit(0);
        await double.app.exited();
      }
      if (ownDir) await rm(userDataDir, { recursive: true, force: true });
      const errors = double.launch.errors;
      if (errors.length > 0) throw errors[0];
    },
  };
  return app;
}

export type { Page };
