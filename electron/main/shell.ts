// The shell's shared state: core once started, the main log once open, the tray, what quitting
// stops; and the one app window with what is tied to it (the event sender, the unread badge).
// The steps of index.ts and start.ts read and fill it; close() undoes them in reverse.

import { app, autoUpdater as electronAutoUpdater, type BrowserWindow } from 'electron';
import type { Navigate } from '../contract';
import type { Backend } from '../core/backend';
import type { Logger, RootLogger } from '../core/logs/logger';
import { createEventSender } from './ipc';
import type { Launch } from './launch';
import { createMainWindow } from './main-window';
import { resourcePath, preloadPath } from './paths';
import { CLOSE_TIMEOUT_MS, installShutdown, withinTimeout } from './shutdown';
import type { TrayController } from './tray-controller';
import { createUnreadBadge, type UnreadBadgeView } from './unread-badge';
import { createWindowController, type WindowController } from './window-controller';

export interface Shell {
  readonly launch: Launch;
  backend: Backend | undefined;
  log: RootLogger | undefined;
  trays: TrayController | undefined;
  /** Stops the demo service, when the user started one. */
  stopDemo: () => Promise<void>;
  /** What quitting stops, last started first. */
  readonly stops: Array<() => void>;
  readonly windows: WindowController;
  readonly appWindow: () => BrowserWindow | undefined;
  readonly send: ReturnType<typeof createEventSender>;
  readonly unreadBadge: UnreadBadgeView;
  /** Shows the window; nothing opens it before core is up: it would have nothing to talk to. */
  showWindow(): Promise<void>;
  /** Opens a screen in the window, once core is up. */
  navigate(target: Navigate): void;
}

/** A scope of a log that exists only later: its lines go nowhere until `current()` has one. */
function scopeOfLaterLog(current: () => Logger | undefined, scope: string): Logger {
  const logger: Logger = {
    debug: (message, fields) => current()?.child(scope).debug(message, fields),
    info: (message, fields) => current()?.child(scope).info(message, fields),
    warn: (message, fields) => current()?.child(scope).warn(message, fields),
    error: (message, fields) => current()?.child(scope).error(message, fields),
    child: (inner) => current()?.child(scope).child(inner) ?? logger,
  };
  return logger;
}

/** The shell before `ready`: its quitting in order installed, its window not yet open. */
export function createShell(launch: Launch): Shell {
  // The window's log lines, once the log exists (the window opens only after it does).
  const windowLog = scopeOfLaterLog(() => shell.log, 'window');
  const shutdown = installShutdown({
    app,
    autoUpdater: electronAutoUpdater,
    close: () => closeShell(shell),
    log: () => shell.log,
  });
  const windows = createWindowController({
    create: async () => {
      const created = await createMainWindow({
        dataDir: app.getPath('userData'),
        preloadPath,
        entryUrl: launch.entryUrl,
        origin: launch.appOrigin,
        devTools: launch.devTools,
        icon: resourcePath('icon.png'),
        log: windowLog,
      });
      shell.unreadBadge.refresh();
      return created;
    },
    emitNavigate: (target) => shell.backend?.events.emit('navigate', target),
    hideOnClose: () => !shutdown.quitting() && shell.trays?.tray() !== undefined,
    onSessionEnd: () => shutdown.sessionEnding(),
    log: windowLog,
  });
  const appWindow = windows.current;
  const shell: Shell = {
    launch,
    backend: undefined,
    log: undefined,
    trays: undefined,
    stopDemo: async () => {},
    stops: [],
    windows,
    appWindow,
    send: createEventSender(appWindow),
    unreadBadge: createUnreadBadge(appWindow),
    showWindow: () => (shell.backend === undefined ? Promise.resolve() : windows.show()),
    navigate: (target) => {
      if (shell.backend !== undefined) windows.navigate(target);
    },
  };
  return shell;
}

/** Quitting: the window's place saved, every part stopped, core closed in time, the demo last. */
async function closeShell(shell: Shell): Promise<void> {
  await shell.windows.saveState();
  for (const stop of shell.stops.splice(0).reverse()) {
    try {
      stop();
    } catch (error) {
      shell.log?.warn('A shutdown step failed', { error });
    }
  }
  if (shell.backend !== undefined) {
    const outcome = await withinTimeout(shell.backend.close(), CLOSE_TIMEOUT_MS);
    if (outcome === 'timeout') shell.log?.warn('Core did not close in time; quitting anyway');
  }
  await shell.stopDemo();
  shell.log?.info('Quit');
}
