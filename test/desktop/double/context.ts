// What the parts of one launch's double share: the browser its windows live in, the app's
// readiness, and the records a test reads.

import type { Browser } from '@playwright/test';

/** Where app://assistant/… is served to Chromium (see sessions.ts): a loopback origin. */
export const APP_PROXY_ORIGIN = 'http://app-assistant.localhost';
export const APP_SCHEME_ORIGIN = 'app://assistant';

/** app://assistant/x as the page loads it (the loopback stand-in origin), and back. */
export function toPageUrl(url: string): string {
  return url.startsWith(`${APP_SCHEME_ORIGIN}/`) || url === APP_SCHEME_ORIGIN
    ? APP_PROXY_ORIGIN + url.slice(APP_SCHEME_ORIGIN.length)
    : url;
}
export function toAppUrl(url: string): string {
  return url.startsWith(`${APP_PROXY_ORIGIN}/`) || url === APP_PROXY_ORIGIN
    ? APP_SCHEME_ORIGIN + url.slice(APP_PROXY_ORIGIN.length)
    : url;
}

export interface DoubleOptions {
  id: string;
  browser: Browser;
  /** The app folder (`app.getAppPath()`), as `electron .` gives it. */
  appPath: string;
  userDataDir: string;
  /** process.platform as main sees it; only what the double models differs by it. */
  platform: NodeJS.Platform;
  /** What safeStorage offers: a keyring, Linux's basic_text fallback, or nothing. */
  safeStorage: 'keyring' | 'basic_text' | 'unavailable';
  /** The keyring's secret: another one makes earlier ciphertext undecryptable. */
  keyringSecret: string;
  /** Accelerators another app already holds (globalShortcut.register returns false). */
  takenShortcuts: readonly string[];
  /** Notification.isSupported(). */
  notificationsSupported: boolean;
  /** The preload's page JS coverage is collected for the desktop coverage report. */
  collectPageCoverage: boolean;
  /**
   * Run as the installed app: `app.isPackaged` is true, `process.resourcesPath` is this folder
   * (electron-builder's extraResources go there) and argv has no app folder. Otherwise a
   * development run, `electron .`.
   */
  packaged?: { resourcesPath: string };
}

export interface Launch {
  options: DoubleOptions;
  /** Set once `ready` has been emitted. */
  ready: boolean;
  /** Set when the app has quit or exited; nothing may be used after. */
  exited: boolean;
  /** Throws when an API documented as usable only after `ready` is called before it. */
  requireReady(api: string): void;
  /** Errors the double saw in our code's callbacks; a test fails on any. */
  errors: unknown[];
}
