// The one app window: locked-down web preferences, the preload as its only bridge, placed where
// the user left it (clamped to a visible display), and its bounds saved atomically on the way out.

import { BrowserWindow, screen } from 'electron';
import type { Logger } from '../core/logs/logger';
import { loadWindowState, saveWindowState } from '../core/window-state/store';
import { restoreWindowBounds, toWindowState } from '../core/window-state/window-state';
import { assignRole } from './security';

export interface MainWindowOptions {
  dataDir: string;
  preloadPath: string;
  /** What the window loads: the app protocol entry, or the dev server in `npm run dev`. */
  entryUrl: string;
  /** Origin the window's pages must stay on (and the only one trusted over IPC). */
  origin: string;
  devTools: boolean;
  icon?: string;
  log: Logger;
}

export interface MainWindow {
  window: BrowserWindow;
  /** Writes the current bounds to window-state.json (called on close and before quit). */
  saveState(): Promise<void>;
}

const SIZE = { defaultWidth: 1280, defaultHeight: 820, minWidth: 800, minHeight: 560 };

export async function createMainWindow(options: MainWindowOptions): Promise<MainWindow> {
  const { log } = options;
  const loaded = await loadWindowState(options.dataDir);
  if (loaded.problem !== undefined) log.warn('Window state reset', { problem: loaded.problem });
  // The primary display first: the default size is fitted to it.
  const primary = screen.getPrimaryDisplay();
  const displays = [primary, ...screen.getAllDisplays().filter((d) => d.id !== primary.id)].map(
    (display) => ({ workArea: display.workArea }),
  );
  const placement = restoreWindowBounds(loaded.state, displays, SIZE);

  const window = new BrowserWindow({
    ...(placement.x === undefined || placement.y === undefined
      ? { center: true }
      : { x: placement.x, y: placement.y }),
    width: placement.width,
    height: placement.height,
    minWidth: SIZE.minWidth,
    minHeight: SIZE.minHeight,
    show: false,
    title: 'Assistant Desktop',
    backgroundColor: '#ffffff',
    ...(options.icon === undefined ? {} : { icon: options.icon }),
    // Written out here as in sign-in-window.ts, not shared: Electronegativity (test/security-scan)
    // reads each BrowserWindow's webPreferences where it is created, and takes a spread constant
    // for missing settings (contextIsolation, sandbox: HIGH and MEDIUM findings). The two are
    // kept alike by test/unit/main/hardened-web-preferences.test.ts.
    webPreferences: {
      // electronegativity-justified: PRELOAD_JS_CHECK — the preload is sandboxed and exposes only
      // invoke/on limited to the contract's names (electron/preload/index.ts); main checks every
      // sender and core validates every input.
      preload: options.preloadPath,
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
      safeDialogs: true,
      // People type messages to agents: spelling help is worth the dictionary download.
      spellcheck: true,
      devTools: options.devTools,
    },
  });
  assignRole(window.webContents, { kind: 'app', origin: options.origin });

  // maximize() and setFullScreen() also show the window: done before the page has painted, the
  // user would see a blank window. Both wait for the first paint, with show().
  window.once('ready-to-show', () => {
    if (placement.isMaximized) window.maximize();
    if (placement.isFullScreen) window.setFullScreen(true);
    window.show();
  });

  // The normal bounds are what is saved, so a maximised window un-maximises to a sensible size.
  let normalBounds = window.getNormalBounds();
  const remember = () => {
    if (!window.isDestroyed() && !window.isMaximized() && !window.isFullScreen()) {
      normalBounds = window.getNormalBounds();
    }
  };
  window.on('resize', remember);
  window.on('move', remember);

  const saveState = async () => {
    const flags = window.isDestroyed()
      ? { isMaximized: false, isFullScreen: false }
      : { isMaximized: window.isMaximized(), isFullScreen: window.isFullScreen() };
    try {
      await saveWindowState(options.dataDir, toWindowState(normalBounds, flags));
    } catch (error) {
      log.warn('Could not save the window state', { error });
    }
  };

  window.loadURL(options.entryUrl).catch((error: unknown) => {
    log.error('The app page failed to load', { error });
  });
  return { window, saveState };
}
