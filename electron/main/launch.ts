// Before `ready`: what Electron must be told before the app is ready (where its data lives, its
// Windows id, the Wayland portal, the sandbox, the app:// scheme), and where the window's page
// comes from: the packaged renderer, or Vite's dev server under `npm run dev`.

import { app } from 'electron';
import { BACKGROUND_FLAG } from '../companion';
import { linuxSessionOf, type LinuxSession } from '../core/desktop';
import { APP_ENTRY_URL, APP_ORIGIN } from '../core/security/app-origin';
import { parseDevServerUrl } from '../core/security/dev-server';
import { registerAppScheme } from './app-protocol';

/** Windows groups notifications and taskbar entries by this id; electron-builder's appId. */
export const APP_USER_MODEL_ID = 'com.assistant.desktop';

export interface Launch {
  linuxSession: LinuxSession | undefined;
  /** `npm run dev` only: the renderer comes from Vite's dev server with hot reload. */
  devServer: { url: string; origin: string } | undefined;
  /** The origin the window's page is trusted from, and the address it opens. */
  appOrigin: string;
  entryUrl: string;
  devTools: boolean;
  /** Started by the browser companion's relay: serve it without opening a window. */
  startedInBackground: boolean;
}

/** Tells Electron what it must know before `ready`; returns what the rest of the shell reads. */
export function prepareLaunch(): Launch {
  // A test or a second profile may run against its own data directory.
  const userDataOverride = process.env.ASSISTANT_USER_DATA_DIR;
  if (userDataOverride !== undefined && userDataOverride !== '') {
    app.setPath('userData', userDataOverride);
  }
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  // Wayland gives apps global shortcuts only through the desktop portal, which Chromium uses when
  // asked; without it globalShortcut.register() cannot work there at all.
  const linuxSession = linuxSessionOf(process.platform, process.env);
  if (linuxSession === 'wayland')
    app.commandLine.appendSwitch('enable-features', 'GlobalShortcutsPortal');
  // Every renderer sandboxed, whatever a window's options say.
  app.enableSandbox();
  registerAppScheme();

  const devServer = app.isPackaged
    ? undefined
    : parseDevServerUrl(process.env.ASSISTANT_DEV_SERVER_URL);
  return {
    linuxSession,
    devServer,
    appOrigin: devServer?.origin ?? APP_ORIGIN,
    entryUrl: devServer?.url ?? APP_ENTRY_URL,
    devTools: !app.isPackaged,
    startedInBackground: process.argv.includes(BACKGROUND_FLAG),
  };
}
