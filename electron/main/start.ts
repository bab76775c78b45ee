// At `ready`: the main log, the app:// protocol and the session's guards, then core started the
// Electron way, the contract served over IPC, the tray, the settings' effects, the updater, core's
// events routed, the menu and the power and network watch; then the window, and last, in the
// background, the browser companion's registration (companion-registration.ts).

import { app, nativeTheme, session } from 'electron';
import { autoUpdater } from 'electron-updater';
import { join } from 'node:path';
import { LiveRunSummary, type Settings } from '../contract';
import { APP_VERSION } from '../core/api/headers';
import type { Backend } from '../core/backend';
import { startCompanionFollowingSetting } from '../companion';
import { createLogger, type RootLogger } from '../core/logs/logger';
import type { UpdateController } from '../core/updates';
import { installApplicationMenu } from './app-menu';
import { serveApp } from './app-protocol';
import { createPairingPrompt } from './companion-prompt';
import { registerCompanionAtStart } from './companion-registration';
import { routeCoreEvents } from './core-events';
import { startElectronBackend } from './electron-backend';
import { createGlobalShortcut, type GlobalShortcut } from './global-shortcut';
import { serveContractOverIpc } from './ipc';
import { watchPowerAndNetwork } from './network-watch';
import { createNotificationPresenter, type NotificationPresenter } from './notifications';
import { rendererDir, resourcePath } from './paths';
import { applyDevServerPolicy, guardSessionPermissions } from './security';
import { createSettingsEffects } from './settings-effects';
import type { Shell } from './shell';
import { createTrayController, type TrayController } from './tray-controller';
import { showUpdateNotice, startUpdates } from './updates';

const PRODUCT_NAME = 'Assistant Desktop';

/** The main log, from here on the log of every part (and of the window, through the shell). */
function openMainLog(shell: Shell): RootLogger {
  const rootLog = createLogger({
    filePath: join(app.getPath('logs'), 'main.log'),
    console: !app.isPackaged,
  });
  rootLog.info('Starting', {
    version: APP_VERSION,
    electron: process.versions.electron,
    platform: process.platform,
    dev: shell.launch.devServer !== undefined,
  });
  shell.log = rootLog;
  return rootLog;
}

/** The app's pages from app:// (or the dev server), in a session that grants nothing unasked. */
function serveRenderer(shell: Shell, rootLog: RootLogger): void {
  serveApp(rendererDir, (message) => rootLog.warn(message));
  guardSessionPermissions(session.defaultSession, 'app');
  const { devServer } = shell.launch;
  if (devServer !== undefined) applyDevServerPolicy(session.defaultSession, devServer.origin);
}

/** Native notifications; "Prepare" on a meeting notification starts a run through core. */
function createPresenter(shell: Shell, rootLog: RootLogger): NotificationPresenter {
  return createNotificationPresenter({
    log: rootLog.child('notifications'),
    platform: process.platform,
    icon: resourcePath('icon.png'),
    navigate: shell.navigate,
    startRun: async (input) => {
      const result = await shell.backend?.dispatch('runs.start', input, { host: 'electron' });
      if (result === undefined) return undefined;
      if (!result.ok) {
        rootLog.warn('Prepare could not start the run', { error: result.error });
        return undefined;
      }
      return LiveRunSummary.parse(result.data).runId;
    },
  });
}

/** The global shortcut: brings the app forward on the deal search. */
function createShortcut(shell: Shell, rootLog: RootLogger): GlobalShortcut {
  const shortcut = createGlobalShortcut({
    log: rootLog.child('shortcut'),
    onPress: () => {
      // macOS does not let a window of a background app take focus unless the app asks.
      if (process.platform === 'darwin') app.focus({ steal: true });
      shell.navigate({ screen: 'deals', focus: 'search' });
    },
  });
  shell.stops.push(() => shortcut.dispose());
  return shortcut;
}

/** Core, started the Electron way; from here the window may open. */
async function startCore(
  shell: Shell,
  rootLog: RootLogger,
  presenter: NotificationPresenter,
  shortcut: GlobalShortcut,
): Promise<Backend> {
  const started = await startElectronBackend({
    log: rootLog,
    presenter,
    shortcut,
    appWindow: shell.appWindow,
    trays: () => shell.trays,
    linuxSession: shell.launch.linuxSession,
    devTools: shell.launch.devTools,
    // "Open in Assistant" from the browser companion: the window comes forward on the deal.
    showInApp: async (target) => {
      // macOS does not let a window of a background app take focus unless the app asks.
      if (process.platform === 'darwin') app.focus({ steal: true });
      shell.navigate(target);
      return 'window';
    },
  });
  shell.stopDemo = started.stopDemo;
  shell.backend = started.backend;
  return started.backend;
}

/** The tray, showing the inbox's unread count (and the badge) from the start. */
function startTray(shell: Shell, current: Backend, rootLog: RootLogger): TrayController {
  const tray = createTrayController({
    platform: process.platform,
    backend: current,
    log: rootLog.child('tray'),
    show: () => void shell.showWindow(),
    navigate: shell.navigate,
    quit: () => app.quit(),
  });
  shell.trays = tray;
  shell.stops.push(() => tray.dispose());
  void Promise.resolve(current.handlers['inbox.list']({}, { host: 'electron' }))
    .then(({ unread }) => {
      tray.tray()?.update({ unread });
      shell.unreadBadge.show(unread);
    })
    .catch((error: unknown) => rootLog.warn('Could not read the inbox', { error }));
  return tray;
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

function startUpdater(shell: Shell, current: Backend, rootLog: RootLogger): UpdateController {
  const updates = startUpdates({
    app,
    autoUpdater,
    notify: (notice) => showUpdateNotice(notice, () => void updates.requestRestart()),
    isRunLive: () => current.liveRuns().some((run) => !run.done),
    settings: () => current.settings().updates,
    logger: rootLog.child('updates'),
  });
  shell.stops.push(() => updates.dispose());
  return updates;
}

/** Every step above, in order; the window opens last, when there is something to show. */
export async function startShell(shell: Shell): Promise<void> {
  const rootLog = openMainLog(shell);
  serveRenderer(shell, rootLog);
  const presenter = createPresenter(shell, rootLog);
  const shortcut = createShortcut(shell, rootLog);
  const current = await startCore(shell, rootLog, presenter, shortcut);

  shell.stops.push(
    serveContractOverIpc({
      dispatch: current.dispatch,
      appWindow: shell.appWindow,
      appOrigin: shell.launch.appOrigin,
      log: rootLog,
      onTrustedCall: () => shell.windows.pageListening(),
    }),
  );
  // On while its setting (the user's, or IT's) says so, following it while the app runs.
  const companion = await startCompanionFollowingSetting({
    enabled: () => current.settings().companion.enabled,
    backend: current,
    log: rootLog,
    dataDir: app.getPath('userData'),
    appVersion: APP_VERSION,
    buildKind: app.isPackaged ? 'packaged' : 'development',
    onPairingRequest: createPairingPrompt(shell, current),
  });
  shell.stops.push(() => void companion.stop());
  const tray = startTray(shell, current, rootLog);
  const applySettings = applyStoredSettings(current, tray, shortcut, rootLog);
  const updates = startUpdater(shell, current, rootLog);
  shell.stops.push(
    routeCoreEvents(current, {
      send: shell.send,
      tray,
      unreadBadge: shell.unreadBadge,
      updates,
      applySettings,
      clearCookies: () => void session.defaultSession.clearStorageData({ storages: ['cookies'] }),
    }),
  );
  const installMenu = () =>
    installApplicationMenu({
      platform: process.platform,
      appName: PRODUCT_NAME,
      openSettings: () => shell.navigate({ screen: 'settings' }),
      t: current.language.translator().t,
    });
  installMenu();
  // The menu is rebuilt in the new language as soon as it is chosen.
  shell.stops.push(current.language.subscribe(installMenu));
  shell.stops.push(
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
  if (!shell.launch.startedInBackground) await shell.windows.show();
  // Turned off by the user or IT: nothing is registered with the browsers either.
  if (current.settings().companion.enabled) registerCompanionAtStart(rootLog, current.companion);
}
