// The Electron shell, start to finish. Thin on purpose: core (electron/core/backend.ts) does the
// work and holds the session; this file wires it to Electron (IPC, windows, tray, menus,
// notifications, power and network events) and follows Electron's security checklist. Every
// decision that can be plain data lives in electron/core (security, window-state, desktop).

import { app, nativeTheme, net, Notification, session } from 'electron';
import { autoUpdater } from 'electron-updater';
import { join } from 'node:path';
import {
  Agent,
  LiveRunSummary,
  type EventName,
  type EventPayload,
  type Navigate,
  type Settings,
} from '../contract';
import { APP_VERSION } from '../core/api/headers';
import { createBackend, type Backend } from '../core/backend';
import type { DeepLink } from '../core/deeplinks';
import {
  electronCapabilities,
  launchAtLoginCapability,
  linuxSessionOf,
  type TrayCommand,
  type TrayOutcome,
} from '../core/desktop';
import { createLogger, type RootLogger } from '../core/logs/logger';
import { APP_ENTRY_URL, APP_ORIGIN } from '../core/security/app-origin';
import { devContentSecurityPolicy, withContentSecurityPolicy } from '../core/security/csp';
import { parseDevServerUrl } from '../core/security/dev-server';
import { startDemoService, type DemoService } from '../demo-service';
import { installApplicationMenu } from './app-menu';
import { registerAppScheme, serveApp } from './app-protocol';
import { registerDeepLinks } from './deep-links';
import { createGlobalShortcut } from './global-shortcut';
import { createEventSender, serveContractOverIpc } from './ipc';
import { createMainWindow, type MainWindow } from './main-window';
import { watchPowerAndNetwork } from './network-watch';
import { createNotificationPresenter } from './notifications';
import { preloadPath, rendererDir, resourcePath } from './paths';
import { createSafeStorageSecretStore } from './secret-store';
import { guardSessionPermissions, installWebContentsGuards, openExternalChecked } from './security';
import { openSignInWindow } from './sign-in-window';
import { createAppTray, type AppTray } from './tray';
import { createUnreadBadge } from './unread-badge';
import { startUpdates } from './updates';

/** Windows groups notifications and taskbar entries by this id; electron-builder's appId. */
export const APP_USER_MODEL_ID = 'com.assistant.desktop';
const PRODUCT_NAME = 'Assistant Desktop';
/** How long quitting waits for core to close streams and flush state. */
const CLOSE_TIMEOUT_MS = 5_000;
/** The tray's "next meeting" line says "in N min": redrawn this often. */
const TRAY_CLOCK_MS = 60_000;
/** The cached meeting briefing behind it is read again this often (as the scheduler polls). */
const TRAY_MEETING_REFRESH_MS = 5 * 60_000;

/** Electron, Chromium and Node versions, for app.info and diagnostics. */
function runtimeVersions(): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const name of ['electron', 'chrome', 'node', 'v8'] as const) {
    const value = process.versions[name];
    if (typeof value === 'string') versions[name] = value;
  }
  return versions;
}

/** One contract event with its payload, discriminated by name. */
type AnyEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName];

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

if (!app.requestSingleInstanceLock()) {
  // Another instance runs: Electron hands it our argv (and any deep link) through
  // `second-instance`; this one leaves at once.
  app.quit();
} else {
  main();
}

function main(): void {
  let backend: Backend | undefined;
  let log: RootLogger | undefined;
  let demo: DemoService | undefined;
  let mainWindow: MainWindow | undefined;
  let tray: AppTray | undefined;
  let trayOutcome: TrayOutcome = { created: false, why: 'refused' };
  let quitting = false;
  let shutdown: 'running' | 'closing' | 'done' = 'running';
  const stops: Array<() => void> = [];

  // The renderer hears events only once its page has called in (its listeners are set up);
  // navigation asked for before that (a deep link at launch, a click on a notification while
  // the window reloads) waits here.
  let rendererReady = false;
  let pendingNavigate: Navigate | undefined;
  let opening: Promise<void> | undefined;

  const appWindow = () =>
    mainWindow !== undefined && !mainWindow.window.isDestroyed() ? mainWindow.window : undefined;
  const send = createEventSender(appWindow);
  const unreadBadge = createUnreadBadge(appWindow);

  const showWindow = async (): Promise<void> => {
    const existing = appWindow();
    if (existing !== undefined) {
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return;
    }
    // Two deep links in a row must not open two windows.
    opening ??= openWindow().finally(() => {
      opening = undefined;
    });
    await opening;
  };

  const navigate = (target: Navigate): void => {
    void showWindow().then(() => {
      if (rendererReady && backend !== undefined) backend.events.emit('navigate', target);
      else pendingNavigate = target;
    });
  };

  const deepLinkTarget = (link: DeepLink): Navigate =>
    link.screen === 'deal' ? { screen: 'deals', id: link.id } : { screen: 'runs', id: link.id };

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

  async function openWindow(): Promise<void> {
    if (backend === undefined || log === undefined) return;
    rendererReady = false;
    mainWindow = await createMainWindow({
      dataDir: app.getPath('userData'),
      preloadPath,
      entryUrl,
      origin: appOrigin,
      devTools,
      icon: resourcePath('icon.png'),
      log: log.child('window'),
    });
    const { window } = mainWindow;
    unreadBadge.refresh();
    const windowLog = log.child('window');
    window.webContents.on('did-start-navigation', (details) => {
      if (details.isMainFrame && !details.isSameDocument) rendererReady = false;
    });
    window.webContents.on('render-process-gone', (_event, details) => {
      windowLog.error('The app page crashed', { reason: details.reason });
      rendererReady = false;
      if (details.reason !== 'clean-exit' && !window.isDestroyed()) window.webContents.reload();
    });
    window.on('close', (event) => {
      void mainWindow?.saveState();
      // With a tray the app keeps running (tray, notifications, live runs): the window hides.
      if (!quitting && tray !== undefined) {
        event.preventDefault();
        window.hide();
      }
    });
  }

  const onTrustedCall = () => {
    if (rendererReady) return;
    rendererReady = true;
    const target = pendingNavigate;
    pendingNavigate = undefined;
    // After the call that proved the page is listening has been answered.
    if (target !== undefined) setImmediate(() => backend?.events.emit('navigate', target));
  };

  const runTrayCommand = (command: TrayCommand): void => {
    const current = backend;
    if (current === undefined) return;
    const context = { host: 'electron' as const };
    switch (command.type) {
      case 'open':
        void showWindow();
        return;
      case 'today':
        navigate({ screen: 'today' });
        return;
      case 'deal-picker':
        navigate({ screen: 'deals', focus: 'search' });
        return;
      case 'open-meeting':
        navigate({ screen: 'today', id: 'meeting' });
        return;
      case 'open-inbox':
        navigate({ screen: 'today', focus: 'inbox' });
        return;
      case 'prepare':
        void current.dispatch('runs.start', command.run, context).then((result) => {
          if (result.ok) {
            navigate({ screen: 'runs', id: LiveRunSummary.parse(result.data).runId });
          } else {
            log?.warn('Prepare from the tray failed', { error: result.error });
            navigate({ screen: 'today', id: 'meeting' });
          }
        });
        return;
      case 'open-run':
        navigate({ screen: 'runs', id: command.runId });
        return;
      case 'cancel-run':
        void current.dispatch('runs.cancel', { runId: command.runId }, context).then((result) => {
          if (!result.ok) log?.warn('Cancel from the tray failed', { error: result.error });
        });
        return;
      case 'toggle-dnd':
        void current
          .dispatch(
            'settings.update',
            { notifications: { doNotDisturb: command.enabled } },
            context,
          )
          .then((result) => {
            if (!result.ok)
              log?.warn('Do-not-disturb from the tray failed', { error: result.error });
          });
        return;
      case 'quit':
        app.quit();
        return;
    }
  };

  async function start(): Promise<void> {
    const dataDir = app.getPath('userData');
    log = createLogger({
      filePath: join(app.getPath('logs'), 'main.log'),
      console: !app.isPackaged,
    });
    const rootLog = log;
    rootLog.info('Starting', {
      version: APP_VERSION,
      electron: process.versions.electron,
      platform: process.platform,
      dev: devServer !== undefined,
    });

    serveApp(rendererDir, (message) => rootLog.warn(message));
    guardSessionPermissions(session.defaultSession, 'app');
    if (devServer !== undefined) {
      // Vite's React preamble is inline: the dev server's pages get a dev-only policy.
      const policy = devContentSecurityPolicy(devServer.origin);
      session.defaultSession.webRequest.onHeadersReceived(
        { urls: [`${devServer.origin}/*`] },
        (details, callback) =>
          callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, policy) }),
      );
    }

    const presenter = createNotificationPresenter({
      log: rootLog.child('notifications'),
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
    const shortcut = createGlobalShortcut({
      log: rootLog.child('shortcut'),
      onPress: () => {
        // macOS does not let a window of a background app take focus unless the app asks.
        if (process.platform === 'darwin') app.focus({ steal: true });
        navigate({ screen: 'deals', focus: 'search' });
      },
    });
    stops.push(() => shortcut.dispose());

    const secretStore = await createSafeStorageSecretStore({
      dataDir,
      platform: process.platform,
      log: rootLog.child('session'),
    });

    const current = await createBackend({
      dataDir,
      hostKind: 'electron',
      appVersion: APP_VERSION,
      platform: process.platform,
      versions: runtimeVersions(),
      secretStore,
      // Chromium's network stack: the OS proxy settings and certificate store apply.
      fetch: (input, init) => net.fetch(input instanceof URL ? input.href : input, init),
      log: rootLog,
      demoService: async () => {
        demo ??= await startDemoService({ pacing: 'realtime' });
        return { baseUrl: demo.baseUrl, loginUrl: demo.loginUrl, token: demo.token };
      },
      openExternal: async (url) => {
        if (!(await openExternalChecked(url))) throw new Error('This link cannot be opened.');
      },
      openSignInWindow: (signInUrl, serviceOrigin) =>
        openSignInWindow({
          signInUrl,
          serviceUrl: serviceOrigin,
          ...(appWindow() === undefined ? {} : { parent: appWindow() }),
          log: rootLog.child('sign-in'),
          devTools,
        }),
      showNotification: (decision) => {
        if (!presenter.supported) return false;
        presenter.show(decision);
        return true;
      },
      // A hidden window (closed to the tray) still shows its toasts when it comes back.
      viewerPresent: () => appWindow() !== undefined,
      // Hidden (closed to the tray) or minimised windows are not focused either.
      isWindowFocused: () => appWindow()?.isFocused() ?? false,
      // Electron 45 cannot read the OS's Do not disturb / Focus on any platform (see
      // osFocusModeCapability): the OS applies it to our notifications itself.
      osDoNotDisturb: () => undefined,
      desktopCapabilities: () =>
        electronCapabilities({
          platform: process.platform,
          packaged: app.isPackaged,
          ...(linuxSession === undefined ? {} : { linuxSession }),
          tray: trayOutcome,
          shortcut: shortcut.state(),
          notificationsSupported: presenter.supported,
        }),
    });
    backend = current;

    stops.push(
      serveContractOverIpc({
        dispatch: current.dispatch,
        appWindow,
        appOrigin,
        log: rootLog,
        onTrustedCall,
      }),
    );

    const created = createAppTray({
      platform: process.platform,
      log: rootLog.child('tray'),
      clock: () => ({
        now: new Date(),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
      onCommand: runTrayCommand,
      onClick: () => void showWindow(),
    });
    tray = created.tray;
    trayOutcome = created.outcome;
    if (tray === undefined) {
      current.events.emit('notice', {
        id: 'no-tray',
        level: 'info',
        message: 'This desktop shows no tray icon: closing the window quits the app.',
        at: new Date().toISOString(),
      });
    }
    tray?.update({ liveRuns: current.liveRuns() });

    // The tray's next meeting and agent names, from what core has cached.
    const refreshMeeting = () => {
      if (tray === undefined) return;
      void current.nextMeeting().then((nextMeeting) => tray?.update({ nextMeeting }));
    };
    const refreshAgentNames = () => {
      if (tray === undefined) return;
      void Promise.resolve(current.handlers['agents.list']({}, { host: 'electron' }))
        .then((agents) => {
          const parsed = Agent.array().safeParse(agents.value);
          if (parsed.success) {
            tray?.update({
              agentNames: new Map(parsed.data.map((agent) => [agent.id, agent.title])),
            });
          }
        })
        .catch((error: unknown) => rootLog.info('No agent names for the tray', { error }));
    };
    refreshMeeting();
    refreshAgentNames();
    void Promise.resolve(current.handlers['inbox.list']({}, { host: 'electron' }))
      .then(({ unread }) => {
        tray?.update({ unread });
        unreadBadge.show(unread);
      })
      .catch((error: unknown) => rootLog.warn('Could not read the inbox', { error }));
    const trayClock = setInterval(() => tray?.refresh(), TRAY_CLOCK_MS);
    const trayMeeting = setInterval(refreshMeeting, TRAY_MEETING_REFRESH_MS);
    trayClock.unref();
    trayMeeting.unref();
    stops.push(() => {
      clearInterval(trayClock);
      clearInterval(trayMeeting);
    });

    // What the OS does for some settings: theme of native UI and the page, login item, tray
    // switches, the global shortcut.
    let lastShortcut: string | null | undefined;
    const applySettings = (settings: Settings) => {
      nativeTheme.themeSource = settings.theme;
      tray?.update({
        doNotDisturb: settings.notifications.doNotDisturb,
        prepAgentId: settings.notifications.prepAgentId,
      });
      // In development this would register the bare Electron binary as a login item.
      if (launchAtLoginCapability(process.platform, app.isPackaged).available) {
        app.setLoginItemSettings({ openAtLogin: settings.launchAtLogin });
      }
      if (settings.globalShortcut !== lastShortcut) {
        lastShortcut = settings.globalShortcut;
        shortcut.apply(settings.globalShortcut);
      }
    };
    void Promise.resolve(current.handlers['settings.get']({}, { host: 'electron' }))
      .then(applySettings)
      .catch((error: unknown) => rootLog.warn('Could not apply the settings', { error }));

    stops.push(
      current.events.subscribe((name, payload) => {
        send(name, payload);
        const event = { name, payload } as AnyEvent;
        switch (event.name) {
          case 'runs.changed':
            tray?.update({ liveRuns: event.payload.runs });
            break;
          case 'inbox.changed':
            tray?.update({ unread: event.payload.unread });
            unreadBadge.show(event.payload.unread);
            break;
          case 'data.refreshed':
            if (event.payload.key === 'briefings.meeting') refreshMeeting();
            if (event.payload.key === 'agents') refreshAgentNames();
            break;
          case 'settings.changed':
            applySettings(event.payload);
            break;
          case 'session.changed':
            // Sign-out forgets everything: nothing of a session may linger in Chromium's jar.
            if (!event.payload.signedIn && !event.payload.expired) {
              void session.defaultSession.clearStorageData({ storages: ['cookies'] });
            }
            refreshMeeting();
            break;
          default:
            break;
        }
      }),
    );

    installApplicationMenu({
      platform: process.platform,
      appName: PRODUCT_NAME,
      openSettings: () => navigate({ screen: 'settings' }),
    });

    stops.push(
      watchPowerAndNetwork({
        onResume: () => current.onResume(),
        onNetworkChange: (online) => current.onNetworkChange(online),
      }),
    );

    const updates = startUpdates({
      app,
      autoUpdater,
      notify: (notice) => {
        if (Notification.isSupported()) {
          new Notification({ title: notice.title, body: notice.body }).show();
        }
      },
      isRunLive: () => current.liveRuns().some((run) => !run.done),
      logger: rootLog.child('updates'),
    });
    stops.push(() => updates.dispose());

    await openWindow();
  }

  async function close(): Promise<void> {
    await mainWindow?.saveState();
    for (const stop of stops.splice(0).reverse()) {
      try {
        stop();
      } catch (error) {
        log?.warn('A shutdown step failed', { error });
      }
    }
    tray?.destroy();
    tray = undefined;
    if (backend !== undefined) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), CLOSE_TIMEOUT_MS);
      });
      const outcome = await Promise.race([backend.close().then(() => 'closed' as const), timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') log?.warn('Core did not close in time; quitting anyway');
    }
    await demo?.stop();
    log?.info('Quit');
  }

  // Quitting waits for core (streams closed, transcripts and state flushed), then goes on.
  app.on('before-quit', (event) => {
    quitting = true;
    if (shutdown === 'done') return;
    event.preventDefault();
    if (shutdown === 'closing') return;
    shutdown = 'closing';
    void close()
      .catch((error: unknown) => log?.error('Shutdown failed', { error }))
      .finally(() => {
        shutdown = 'done';
        app.quit();
      });
  });

  app.on('window-all-closed', () => {
    // Without a tray nothing is left to use once the window is gone (macOS keeps its dock).
    if (process.platform !== 'darwin' && tray === undefined) app.quit();
  });

  app.on('activate', () => {
    // macOS: a click on the dock icon brings the window back.
    if (backend !== undefined) void showWindow();
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
