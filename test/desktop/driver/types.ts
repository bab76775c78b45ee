// The small driver the desktop journeys are written against, once: launch the app, get its
// windows as Playwright pages, evaluate in main, act as the user on the tray, notifications and
// shortcut, quit. Two implementations: the Electron double here (double.ts), the real Electron
// binary through Playwright's _electron wherever it is installed (electron.ts).

import type { Page } from '@playwright/test';
// Types only: journeys evaluate in main with Electron's main-process module as the argument.
// eslint-disable-next-line no-restricted-imports
import type * as Electron from 'electron';

export type DriverKind = 'double' | 'electron';

export interface LaunchOptions {
  /** A data folder to reuse (a second launch on the same profile); a fresh one otherwise. */
  userDataDir?: string;
  /** Command-line arguments after the app path (a deep link, for example). */
  args?: string[];
  env?: Record<string, string>;
  /** Double only: run as the installed app, its extra resources in this folder. */
  packaged?: { resourcesPath: string };
  /** Double only: what safeStorage offers and under which keyring secret. */
  safeStorage?: 'keyring' | 'basic_text' | 'unavailable';
  keyringSecret?: string;
}

export interface TrayView {
  tooltip: string;
  /** Menu labels, submenus as { label: [...] }. */
  items: unknown[];
}

export interface NotificationView {
  title: string;
  body: string;
}

export interface DesktopApp {
  readonly kind: DriverKind;
  readonly userDataDir: string;
  /** The app window (its page), once it exists. */
  appWindow(): Promise<Page>;
  /** The first other window whose URL matches (the sign-in window, for example). */
  waitForWindow(url: RegExp): Promise<Page>;
  /** Runs `fn` in the main process with the electron module; `fn` may not close over anything. */
  evaluateMain<R, A = undefined>(
    fn: (electron: typeof Electron, arg: A) => R | Promise<R>,
    arg?: A,
  ): Promise<R>;
  /** Whether the app window is shown (not hidden to the tray) and not destroyed. */
  appWindowVisible(): Promise<boolean>;
  tray(): Promise<TrayView | undefined>;
  clickTray(): Promise<void>;
  clickTrayItem(label: string | RegExp): Promise<void>;
  notifications(): Promise<NotificationView[]>;
  clickNotification(index: number): Promise<void>;
  pressShortcut(accelerator: string): Promise<void>;
  openedExternally(): Promise<string[]>;
  /** powerMonitor `suspend` then, after `asleepMs`, `resume`, as a laptop lid does. */
  sleepAndWake(asleepMs: number): Promise<void>;
  /** app.quit() as the tray's Quit does; resolves with the exit code once the app is gone. */
  quit(): Promise<number>;
  /** Resolves with the exit code when the app has exited on its own (a second instance). */
  exited(): Promise<number>;
  /** Ends the app if it still runs, and removes a data folder the driver made. */
  close(): Promise<void>;
}

/** app://assistant/… under both drivers (the double serves it from a loopback stand-in). */
export const APP_URL = /^(app:\/\/assistant|http:\/\/app-assistant\.localhost)\//;
