// The driver over the real Electron binary (Playwright's _electron): the same journeys, in the
// app as users run it, with Chromium's sandbox as the app ships (electron-sandbox.ts). Used
// wherever the binary is installed (the GitHub workflows); skipped here, where it cannot be
// downloaded. It starts no browser: the binary is the only thing it launches.

import { _electron, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronSandbox } from './electron-sandbox';
import { APP_URL, type DesktopApp, type LaunchOptions } from './types';

const RECORDER = fileURLToPath(new URL('./electron-recorder.cjs', import.meta.url));

export async function launchWithElectron(
  executablePath: string,
  repo: string,
  options: LaunchOptions,
): Promise<DesktopApp> {
  if (options.packaged !== undefined) {
    throw new Error('A packaged launch is the double’s alone: this binary is a development one');
  }
  const ownDir = options.userDataDir === undefined;
  const userDataDir = options.userDataDir ?? (await mkdtemp(join(tmpdir(), 'assistant-desktop-')));
  const electronApp: ElectronApplication = await _electron.launch({
    executablePath,
    chromiumSandbox: electronSandbox(process.getuid?.(), process.env),
    args: ['-r', RECORDER, repo, ...(options.args ?? [])],
    cwd: repo,
    // The companion's socket is per user: journeys leave it alone (see double.ts).
    env: {
      ...process.env,
      ASSISTANT_USER_DATA_DIR: userDataDir,
      ASSISTANT_COMPANION: 'off',
      ...options.env,
    } as Record<string, string>,
    timeout: 60_000,
  });
  let exitCode: number | undefined;
  const exited = new Promise<number>((resolve) => {
    electronApp.process().once('exit', (code) => {
      exitCode = code ?? 0;
      resolve(exitCode);
    });
  });

  const appWindow = async (): Promise<Page> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const page = electronApp.windows().find((w) => APP_URL.test(w.url()));
      if (page !== undefined) return page;
      if (Date.now() > deadline) throw new Error('Timed out waiting for the app window');
      await electronApp.waitForEvent('window', { timeout: 5_000 }).catch(() => undefined);
    }
  };

  return {
    kind: 'electron',
    userDataDir,
    appWindow,
    async waitForWindow(url) {
      const existing = electronApp.windows().find((w) => url.test(w.url()));
      if (existing !== undefined) return existing;
      return electronApp.waitForEvent('window', {
        predicate: (w) => url.test(w.url()),
        timeout: 30_000,
      });
    },
    evaluateMain: (fn, arg) => electronApp.evaluate(fn as never, arg) as never,
    appWindowVisible: () =>
      electronApp.evaluate(({ BrowserWindow }) =>
        BrowserWindow.getAllWindows().some(
          (w) => w.webContents.getURL().startsWith('app://') && w.isVisible(),
        ),
      ),
    tray: () =>
      electronApp.evaluate(() => {
        type Item = { label: string; submenu?: { items: Item[] } };
        const labels = (items: Item[]): unknown[] =>
          items.map((i) =>
            i.submenu === undefined || i.submenu === null
              ? i.label
              : { [i.label]: labels(i.submenu.items) },
          );
        const test = (
          globalThis as unknown as {
            __assistantDesktopTest: {
              trays: Array<{
                isDestroyed(): boolean;
                __tooltip?: string;
                __menu?: { items: Item[] };
              }>;
            };
          }
        ).__assistantDesktopTest;
        const tray = test.trays.find((t) => !t.isDestroyed());
        return tray === undefined
          ? undefined
          : { tooltip: tray.__tooltip ?? '', items: labels(tray.__menu?.items ?? []) };
      }),
    clickTray: () =>
      electronApp.evaluate(() => {
        const test = (
          globalThis as unknown as {
            __assistantDesktopTest: {
              trays: Array<{ isDestroyed(): boolean; emit(e: string, ...a: unknown[]): void }>;
            };
          }
        ).__assistantDesktopTest;
        test.trays
          .find((t) => !t.isDestroyed())
          ?.emit('click', { preventDefault() {} }, { x: 0, y: 0, width: 16, height: 16 });
      }),
    clickTrayItem: (label) =>
      electronApp.evaluate(
        (_electron, wanted: { source: string; flags: string } | string) => {
          type Item = {
            label: string;
            enabled: boolean;
            click: (...a: unknown[]) => void;
            submenu?: { items: Item[] } | null;
          };
          const matches = (text: string) =>
            typeof wanted === 'string'
              ? text === wanted
              : new RegExp(wanted.source, wanted.flags).test(text);
          const find = (items: Item[]): Item | undefined => {
            for (const item of items) {
              if (matches(item.label)) return item;
              const inner = item.submenu ? find(item.submenu.items) : undefined;
              if (inner) return inner;
            }
            return undefined;
          };
          const test = (
            globalThis as unknown as {
              __assistantDesktopTest: {
                trays: Array<{ isDestroyed(): boolean; __menu?: { items: Item[] } }>;
              };
            }
          ).__assistantDesktopTest;
          const item = find(test.trays.find((t) => !t.isDestroyed())?.__menu?.items ?? []);
          if (item === undefined) throw new Error('No such tray item');
          item.click();
        },
        typeof label === 'string' ? label : { source: label.source, flags: label.flags },
      ),
    notifications: () =>
      electronApp.evaluate(() => {
        const test = (
          globalThis as unknown as {
            __assistantDesktopTest: {
              notifications: Array<WeakRef<{ title: string; body: string }>>;
            };
          }
        ).__assistantDesktopTest;
        return test.notifications.map((ref) => {
          const n = ref.deref();
          return { title: n?.title ?? '', body: n?.body ?? '' };
        });
      }),
    clickNotification: (index) =>
      electronApp.evaluate((_electron, i: number) => {
        const test = (
          globalThis as unknown as {
            __assistantDesktopTest: {
              notifications: Array<WeakRef<{ emit(e: string, ...a: unknown[]): void }>>;
            };
          }
        ).__assistantDesktopTest;
        test.notifications[i]?.deref()?.emit('click', { preventDefault() {} });
      }, index),
    pressShortcut: (accelerator) =>
      electronApp.evaluate((_electron, a: string) => {
        const test = (
          globalThis as unknown as {
            __assistantDesktopTest: { shortcuts: Map<string, () => void> };
          }
        ).__assistantDesktopTest;
        const callback = test.shortcuts.get(a);
        if (callback === undefined) throw new Error(`${a} is not registered`);
        callback();
      }, accelerator),
    openedExternally: () =>
      electronApp.evaluate(() => [
        ...(globalThis as unknown as { __assistantDesktopTest: { opened: string[] } })
          .__assistantDesktopTest.opened,
      ]),
    async sleepAndWake(asleepMs) {
      await electronApp.evaluate(({ powerMonitor }) => powerMonitor.emit('suspend'));
      await new Promise((resolve) => setTimeout(resolve, asleepMs));
      await electronApp.evaluate(({ powerMonitor }) => powerMonitor.emit('resume'));
    },
    async quit() {
      await electronApp.evaluate(({ app }) => app.quit()).catch(() => undefined);
      return exited;
    },
    exited: () => exited,
    async close() {
      if (exitCode === undefined) await electronApp.close().catch(() => undefined);
      if (ownDir) await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
