// The Electron shell's composition root: what runs before `ready`, then core (the backend, which
// does the work and holds the session) wired to small controllers, one job each: the window
// (window-controller.ts), the tray (tray-controller.ts), the settings' effects on the OS
// (settings-effects.ts) and the ordered shutdown (shutdown.ts); core itself is started the
// Electron way by electron-backend.ts, and its events fanned out by core-events.ts. Every
// decision that can be plain data lives in electron/core (security, window-state, desktop).

import { app, autoUpdater as electronAutoUpdater, nativeTheme, session } from 'electron';
import { autoUpdater } from 'electron-updater';
import { join } from 'node:path';
import { LiveRunSummary, type Navigate, type Settings } from '../contract';
import { APP_VERSION } from '../core/api/headers';
import type { Backend } from '../core/backend';
import { BACKGROUND_FLAG, startCompanion } from '../core/companion';
import type { DeepLink } from '../core/deeplinks';
import type { UpdateController } from '../core/updates';
import { linuxSessionOf } from '../core/desktop';
import { createLogger, type Logger, type RootLogger } from '../core/logs/logger';
import { APP_ENTRY_URL, APP_ORIGIN } from '../core/security/app-origin';
import { parseDevServerUrl } from '../core/security/dev-server';
import { installApplicationMenu } from './app-menu';
import { registerAppScheme, serveApp } from './app-protocol';
import { registerDeepLinks } from './deep-links';
import { createGlobalShortcut, type GlobalShortcut } from './global-shortcut';
import { routeCoreEvents } from './core-events';
import { startElectronBackend } from './electron-backend';
import { createEventSender, serveContractOverIpc } from './ipc';
import { createMainWindow } from './main-window';
import { watchPowerAndNetwork } from './network-watch';
import { createNotificationPresenter } from './notifications';
import { preloadPath, rendererDir, resourcePath } from './paths';
import {
  applyDevServerPolicy,
  guardSessionPermissions,
  installWebContentsGuards,
} from './security';
import { createSettingsEffects } from './settings-effects';
import { CLOSE_TIMEOUT_MS, installShutdown, withinTimeout } from './shutdown';
import { createTrayController, type TrayController } from './tray-controller';
import { createUnreadBadge } from './unread-badge';
import { showUpdateNotice, startUpdates } from './updates';
import { createWindowController } from './window-controller';

/** Windows groups notifications and taskbar entries by this id; electron-builder's appId. */
export const APP_USER_MODEL_ID = 'com.assistant.desktop';
const PRODUCT_NAME = 'Assistant Desktop';

// Before `ready` -----------------------------------------------------------------------------

// A test or a second profile may run against its own data directory.
const userDataOverride = process.env.ASSISTANT_USER_DATA_DIR;
if (userDataOverride !== undefined && userDataOverride !== '') {
  app.setPath('userData', userDataOverride);
}
if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
// Wayland gives apps global shortcuts only through the desktop portal, which Chromium uses when
// asked; without it globalShortcut.register() cannot work there at all.
const linuxSession = process.platform === 'linux' ? linuxSessionOf(process.env) : undefined;
if (linuxSession === 'wayland')
  app.commandLine.appendSwitch('enable-features', 'GlobalShortcutsPortal');
// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox();
registerAppScheme();

// `npm run dev` only: the renderer comes from Vite's dev server with hot reload.
const devServer = app.isPackaged
  ? undefined
  : parseDevServerUrl(process.env.ASSISTANT_DEV_SERVER_URL);
const appOrigin = devServer?.origin ?? APP_ORIGIN;
const entryUrl = devServer?.url ?? APP_ENTRY_URL;
const devTools = !app.isPackaged;
// Started by the browser companion's relay: serve it without opening a window.
const startedInBackground = process.argv.includes(BACKGROUND_FLAG);

if (!app.requestSingleInstanceLock()) {
  // Another instance runs: Electron hands it our argv (and any deep link) through
  // `second-instance`; this one leaves at once.
  app.quit();
} else {
  main();
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

/** The screen a deep link opens. */
function deepLinkTarget(link: DeepLink): Navigate {
  return link.screen === 'deal'
    ? { screen: 'deals', id: link.id }
    : { screen: 'runs', id: link.id };
}

/** The main log, opened at `ready`. */
function openMainLog(): RootLogger {
  const rootLog = createLogger({
    filePath: join(app.getPath('logs'), 'main.log'),
    console: !app.isPackaged,
  });
  rootLog.info('Starting', {
    version: APP_VERSION,
    electron: process.versions.electron,
    platform: process.platform,
    dev: devServer !== undefined,
  });
  return rootLog;
}

/** The global shortcut: brings the app forward on the deal search. */
function createSearchShortcut(
  rootLog: RootLogger,
  navigate: (target: Navigate) => void,
): GlobalShortcut {
  return createGlobalShortcut({
    log: rootLog.child('shortcut'),
    onPress: () => {
      // macOS does not let a window of a background app take focus unless the app asks.
      if (process.platform === 'darwin') app.focus({ steal: true });
      navigate({ screen: 'deals', focus: 'search' });
    },
  });
}

/** The settings' effects on the OS, applied now from the stored settings. */
function applyStoredSettings(
  current: Backend,
  tray: TrayController,
  shortcut: GlobalShortcut,
  rootLog: RootLogger,
): (settings: Settings) => void {
  const applySettings = createSettingsEffects({
    app,
    nativeTheme,
    platform: process.platform,
    tray: () => tray.tray(),
    shortcut,
  });
  void Promise.resolve(current.handlers['settings.get']({}, { host: 'electron' }))
    .then(applySettings)
    .catch((error: unknown) => rootLog.warn('Could not apply the settings', { error }));
  return applySettings;
}

// The composition root: the shell's state, then the named steps that share it (openLog,
// createPresenter, createShortcut, startTray, startUpdater, start, close) and the app's event
// handlers. Steps that need none of that state are the functions above.
// eslint-disable-next-line max-lines-per-function -- composition root of named steps
function main(): void {
  let backend: Backend | undefined;
  let log: RootLogger | undefined;
  let stopDemo: () => Promise<void> = async () => {};
  let trays: TrayController | undefined;
  const stops: Array<() => void> = [];

  // The window's log lines, once the log exists (the window opens only after it does).
  const windowLog = scopeOfLaterLog(() => log, 'window');
  const shutdown = installShutdown({
    app,
    autoUpdater: electronAutoUpdater,
    close,
    log: () => log,
  });
  const windows = createWindowController({
    create: async () => {
      const created = await createMainWindow({
        dataDir: app.getPath('userData'),
        preloadPath,
        entryUrl,
        origin: appOrigin,
        devTools,
        icon: resourcePath('icon.png'),
        log: windowLog,
      });
      unreadBadge.refresh();
      return created;
    },
    emitNavigate: (target) => backend?.events.emit('navigate', target),
    hideOnClose: () => !shutdown.quitting() && trays?.tray() !== undefined,
    onSessionEnd: () => shutdown.sessionEnding(),
    log: windowLog,
  });
  const appWindow = windows.current;
  const send = createEventSender(appWindow);
  const unreadBadge = createUnreadBadge(appWindow);
  // Nothing opens the window before core is up: it would have nothing to talk to.
  const showWindow = () => (backend === undefined ? Promise.resolve() : windows.show());
  const navigate = (target: Navigate) => {
    if (backend !== undefined) windows.navigate(target);
  };

  // Deep links can arrive before `ready` (macOS open-url) and with the first launch's argv.
  stops.push(
    registerDeepLinks(
      app,
      (link) => navigate(deepLinkTarget(link)),
      (refusal) => log?.warn('Refused a deep link', { ...refusal }),
    ),
  );
  app.on('second-instance', () => {
    void showWindow();
  });

  installWebContentsGuards((message) => log?.warn(message));

  /** The main log, from here on the log of every part (and of the window, through windowLog). */
  function openLog(): RootLogger {
    const rootLog = openMainLog();
    log = rootLog;
    return rootLog;
  }

  /** Native notifications; "Prepare" on a meeting notification starts a run through core. */
  function createPresenter(rootLog: RootLogger) {
    return createNotificationPresenter({
      log: rootLog.child('notifications'),
      platform: process.platform,
      icon: resourcePath('icon.png'),
      navigate,
      startRun: async (input) => {
        const result = await backend?.dispatch('runs.start', input, { host: 'electron' });
        if (result === undefined) return undefined;
        if (!result.ok) {
          rootLog.warn('Prepare could not start the run', { error: result.error });
          return undefined;
        }
        return LiveRunSummary.parse(result.data).runId;
      },
    });
  }

  function createShortcut(rootLog: RootLogger): GlobalShortcut {
    const shortcut = createSearchShortcut(rootLog, navigate);
    stops.push(() => shortcut.dispose());
    return shortcut;
  }

  /** The tray, showing the inbox's unread count (and the badge) from the start. */
  function startTray(current: Backend, rootLog: RootLogger): TrayController {
    const tray = createTrayController({
      platform: process.platform,
      backend: current,
      log: rootLog.child('tray'),
      show: () => void showWindow(),
      navigate,
      quit: () => app.quit(),
    });
    trays = tray;
    stops.push(() => tray.dispose());
    void Promise.resolve(current.handlers['inbox.list']({}, { host: 'electron' }))
      .then(({ unread }) => {
        tray.tray()?.update({ unread });
        unreadBadge.show(unread);
      })
      .catch((error: unknown) => rootLog.warn('Could not read the inbox', { error }));
    return tray;
  }

  function startUpdater(current: Backend, rootLog: RootLogger): UpdateController {
    const updates = startUpdates({
      app,
      autoUpdater,
      notify: (notice) => showUpdateNotice(notice, () => void updates.requestRestart()),
      isRunLive: () => current.liveRuns().some((run) => !run.done),
      logger: rootLog.child('updates'),
    });
    stops.push(() => updates.dispose());
    return updates;
  }

  async function start(): Promise<void> {
    const rootLog = openLog();
    serveApp(rendererDir, (message) => rootLog.warn(message));
    guardSessionPermissions(session.defaultSession, 'app');
    if (devServer !== undefined) applyDevServerPolicy(session.defaultSession, devServer.origin);

    const presenter = createPresenter(rootLog);
    const shortcut = createShortcut(rootLog);
    const started = await startElectronBackend({
      log: rootLog,
      presenter,
      shortcut,
      appWindow,
      trays: () => trays,
      linuxSession,
      devTools,
    });
    stopDemo = started.stopDemo;
    const current = started.backend;
    backend = current;

    stops.push(
      serveContractOverIpc({
        dispatch: current.dispatch,
        appWindow,
        appOrigin,
        log: rootLog,
        onTrustedCall: () => windows.pageListening(),
      }),
    );
    const companion = await startCompanion({
      backend: current,
      log: rootLog,
      dataDir: app.getPath('userData'),
      appVersion: APP_VERSION,
    });
    stops.push(() => void companion?.stop());
    const tray = startTray(current, rootLog);
    const applySettings = applyStoredSettings(current, tray, shortcut, rootLog);
    const updates = startUpdater(current, rootLog);
    stops.push(
      routeCoreEvents(current, {
        send,
        tray,
        unreadBadge,
        updates,
        applySettings,
        clearCookies: () => void session.defaultSession.clearStorageData({ storages: ['cookies'] }),
      }),
    );
    installApplicationMenu({
      platform: process.platform,
      appName: PRODUCT_NAME,
      openSettings: () => navigate({ screen: 'settings' }),
    });
    stops.push(
      watchPowerAndNetwork({
        onResume: () => {
          current.onResume();
          updates.onResume();
        },
        onNetworkChange: (online) => current.onNetworkChange(online),
      }),
    );

    // Through the same guard as every other opener: a tray click, a second instance or a deep
    // link during the first window's creation still gives one window.
    if (!startedInBackground) await windows.show();
  }

  async function close(): Promise<void> {
    await windows.saveState();
    for (const stop of stops.splice(0).reverse()) {
      try {
        stop();
      } catch (error) {
        log?.warn('A shutdown step failed', { error });
      }
    }
    if (backend !== undefined) {
      const outcome = await withinTimeout(backend.close(), CLOSE_TIMEOUT_MS);
      if (outcome === 'timeout') log?.warn('Core did not close in time; quitting anyway');
    }
    await stopDemo();
    log?.info('Quit');
  }

  app.on('window-all-closed', () => {
    // Without a tray nothing is left to use once the window is gone (macOS keeps its dock).
    if (process.platform !== 'darwin' && trays?.tray() === undefined) app.quit();
  });

  app.on('activate', () => {
    // macOS: a click on the dock icon brings the window back.
    void showWindow();
  });

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log?.error('The app could not start', { error });
      console.error('Assistant Desktop could not start:', error);
      app.exit(1);
    });
}
