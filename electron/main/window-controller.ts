// The one app window's life: show it (opening it when there is none, and never two at once),
// navigate it once its page listens, hide it to the tray on close, and reload a crashed page.
// Everything that may open the window (startup, tray, second instance, activate, deep links,
// notifications, the shortcut) goes through show(), so two requests during the first window's
// creation still give one window.

import type { BrowserWindow } from 'electron';
import type { Navigate } from '../contract';
import type { Logger } from '../core/logs/logger';
import type { MainWindow } from './main-window';

export interface WindowControllerOptions {
  /** Creates and loads the window (main-window.ts). */
  create(): Promise<MainWindow>;
  /** Tells the renderer where to go (core's `navigate` event). */
  emitNavigate(target: Navigate): void;
  /** True when closing the window should hide it to the tray instead of closing it. */
  hideOnClose(): boolean;
  /** Windows is logging off or shutting down (the window's `session-end`, Windows only). */
  onSessionEnd(): void;
  log: Logger;
}

export interface WindowController {
  /** The app window, when it exists and is not destroyed. */
  current(): BrowserWindow | undefined;
  show(): Promise<void>;
  navigate(target: Navigate): void;
  /** The page made a trusted call: it listens; navigation held back until now is sent. */
  pageListening(): void;
  saveState(): Promise<void>;
}

export function createWindowController(options: WindowControllerOptions): WindowController {
  let mainWindow: MainWindow | undefined;
  let opening: Promise<void> | undefined;
  // The renderer hears events only once its page has called in (its listeners are set up);
  // navigation asked for before that waits here.
  let rendererReady = false;
  let pendingNavigate: Navigate | undefined;

  const current = () =>
    mainWindow !== undefined && !mainWindow.window.isDestroyed() ? mainWindow.window : undefined;

  async function open(): Promise<void> {
    rendererReady = false;
    const created = await options.create();
    mainWindow = created;
    const { window } = created;
    window.webContents.on('did-start-navigation', (details) => {
      if (details.isMainFrame && !details.isSameDocument) rendererReady = false;
    });
    window.webContents.on('render-process-gone', (_event, details) => {
      options.log.error('The app page crashed', { reason: details.reason });
      rendererReady = false;
      if (details.reason !== 'clean-exit' && !window.isDestroyed()) window.webContents.reload();
    });
    window.on('session-end', () => options.onSessionEnd());
    window.on('close', (event) => {
      void created.saveState();
      // With a tray the app keeps running (tray, notifications, live runs): the window hides.
      if (options.hideOnClose()) {
        event.preventDefault();
        window.hide();
      }
    });
  }

  const show = async (): Promise<void> => {
    const existing = current();
    if (existing !== undefined) {
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return;
    }
    opening ??= open().finally(() => {
      opening = undefined;
    });
    await opening;
  };

  return {
    current,
    show,
    navigate(target) {
      void show().then(() => {
        if (rendererReady) options.emitNavigate(target);
        else pendingNavigate = target;
      });
    },
    pageListening() {
      if (rendererReady) return;
      rendererReady = true;
      const target = pendingNavigate;
      pendingNavigate = undefined;
      // After the call that proved the page is listening has been answered.
      if (target !== undefined) setImmediate(() => options.emitNavigate(target));
    },
    saveState: async () => {
      await mainWindow?.saveState();
    },
  };
}
