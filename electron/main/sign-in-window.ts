// Signing in through the service's own page: a separate window on a throw-away, in-memory
// partition, with the same locked-down settings as the app and no preload. When the page sets the
// `sb-access-token` cookie for the service's host, main takes the value, closes the window and
// wipes the partition, so the token ends up only where core keeps it.

import { randomUUID } from 'node:crypto';
import { BrowserWindow, session, type Cookie, type Session } from 'electron';
import type { Logger } from '../core/logs/logger';
import { addressForLog } from '../core/redact';
import { checkSignInUrl } from '../core/security/navigation';
import { sessionTokenFrom } from '../core/security/session-cookie';
import { assignRole, guardSessionPermissions } from './security';

export interface SignInOptions {
  signInUrl: string;
  /** The service base URL whose host the cookie must be for (default: the sign-in page's). */
  serviceUrl?: string;
  parent?: BrowserWindow;
  log: Logger;
  devTools: boolean;
  /** The window's title, in the language in use. */
  title: string;
}

let current:
  { window: BrowserWindow; serviceUrl: string; result: Promise<string | undefined> } | undefined;

/** Resolves with the token, or undefined when the user closed the window first. */
export function openSignInWindow(options: SignInOptions): Promise<string | undefined> {
  const checked = checkSignInUrl(options.signInUrl);
  if (!checked.ok)
    return Promise.reject(new Error(`Cannot open the sign-in page: ${checked.reason}`));
  const signInUrl = checked.url;
  const serviceUrl = options.serviceUrl ?? signInUrl;
  if (current !== undefined && !current.window.isDestroyed()) {
    // A window opened for another service is not this sign-in: it closes (resolving undefined).
    if (current.serviceUrl !== serviceUrl) {
      current.window.close();
    } else {
      current.window.show();
      current.window.focus();
      return current.result;
    }
  }
  const log = options.log;

  // No `persist:` prefix: the partition lives in memory and is gone with the process.
  const partition = session.fromPartition(`signin-${randomUUID()}`, { cache: false });
  guardSessionPermissions(partition, 'sign-in');

  const window = new BrowserWindow({
    width: 520,
    height: 720,
    title: options.title,
    show: false,
    autoHideMenuBar: true,
    ...(options.parent === undefined ? {} : { parent: options.parent }),
    // Written out here as in main-window.ts, not shared: Electronegativity (test/security-scan)
    // reads each BrowserWindow's webPreferences where it is created, and takes a spread constant
    // for missing settings (contextIsolation, sandbox: HIGH and MEDIUM findings). The two are
    // kept alike by test/unit/main/hardened-web-preferences.test.ts.
    webPreferences: {
      session: partition,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      // Middle-click would otherwise ask for a new window (denied anyway by the open handler).
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
      devTools: options.devTools,
    },
  });
  assignRole(window.webContents, { kind: 'sign-in', signInUrl });

  const result = new Promise<string | undefined>((resolve) => {
    let settled = false;
    const finish = (token: string | undefined) => {
      if (settled) return;
      settled = true;
      partition.cookies.removeListener('changed', onCookie);
      if (!window.isDestroyed()) window.close();
      void clearPartition(partition, log).finally(() => resolve(token));
    };
    const onCookie = (_event: unknown, cookie: Cookie, _cause: string, removed: boolean) => {
      if (removed) return;
      const token = sessionTokenFrom(cookie, serviceUrl);
      if (token === undefined) return;
      log.info('Session cookie received from the sign-in page');
      finish(token);
    };
    partition.cookies.on('changed', onCookie);
    window.on('closed', () => finish(undefined));
    window.once('ready-to-show', () => window.show());
    window.webContents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
      if (isMainFrame)
        log.warn('The sign-in page failed to load', { code, description, url: addressForLog(url) });
      if (isMainFrame && !window.isVisible()) window.show();
    });
    window.loadURL(signInUrl).catch(() => {
      // did-fail-load has logged it; the window stays open so the user sees the error page.
    });
  });

  current = { window, serviceUrl, result };
  void result.finally(() => {
    if (current?.window === window) current = undefined;
  });
  return result;
}

/** Nothing of the sign-in (cookies, storage, cache) outlives the window. */
function clearPartition(partition: Session, log: Logger): Promise<void> {
  return Promise.all([
    partition.clearStorageData(),
    partition.clearCache(),
    partition.clearAuthCache(),
  ]).then(
    () => undefined,
    () => log.warn('Could not clear the sign-in partition'),
  );
}
