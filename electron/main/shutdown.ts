// Quitting in order: `before-quit` is held until core has closed its streams and flushed
// transcripts and state (bounded by a timeout), then the quit goes on. Windows' log-off and
// shutdown end the process without `before-quit`: the window's `session-end` flushes the same
// way. An update's quitAndInstall emits autoUpdater's `before-quit-for-update` and closes the
// windows without `before-quit`: quitting is set then, so the hide-to-tray stops.
// https://www.electronjs.org/docs/latest/api/app#event-before-quit
// https://www.electronjs.org/docs/latest/api/browser-window#event-session-end-windows
// https://www.electronjs.org/docs/latest/api/auto-updater#event-before-quit-for-update

import type { App, AutoUpdater } from 'electron';
import type { Logger } from '../core/logs/logger';

/** How long quitting waits for core to close streams and flush state. */
export const CLOSE_TIMEOUT_MS = 5_000;

export interface ShutdownOptions {
  app: Pick<App, 'on' | 'quit'>;
  /** Electron's autoUpdater, which electron-updater's quitAndInstall also signals through. */
  autoUpdater: Pick<AutoUpdater, 'on'>;
  /** Stops everything and flushes (core's close, timers, tray); called once. */
  close(): Promise<void>;
  log: () => Logger | undefined;
}

export interface Shutdown {
  /** True once the app is quitting: windows close for real instead of hiding. */
  quitting(): boolean;
  /** Windows is logging off or shutting down (the window's `session-end`): flush now. */
  sessionEnding(): void;
}

export function installShutdown(options: ShutdownOptions): Shutdown {
  let quitting = false;
  let state: 'running' | 'closing' | 'done' = 'running';
  let closing: Promise<void> | undefined;

  const closeOnce = () => {
    closing ??= options
      .close()
      .catch((error: unknown) => options.log()?.error('Shutdown failed', { error }));
    return closing;
  };

  options.autoUpdater.on('before-quit-for-update', () => {
    quitting = true;
  });

  options.app.on('before-quit', (event) => {
    quitting = true;
    if (state === 'done') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    void closeOnce().finally(() => {
      state = 'done';
      options.app.quit();
    });
  });

  return {
    quitting: () => quitting,
    sessionEnding() {
      // The process ends right after this event: flush what we can, quit without hiding.
      quitting = true;
      void closeOnce();
    },
  };
}

/** Waits for `task`, or gives up after `timeoutMs`: 'closed' or 'timeout'. */
export async function withinTimeout(
  task: Promise<unknown>,
  timeoutMs: number,
): Promise<'closed' | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = await Promise.race([task.then(() => 'closed' as const), timedOut]);
  clearTimeout(timer);
  return outcome;
}
