// The Electron double: one launch = the REAL built main bundle (out/main/index.js) imported
// afresh, with `electron` resolved to a double made for that launch (hooks.mjs for ESM,
// Node's module cache for the bundle's CommonJS requires, e.g. electron-updater's).

import type { Browser } from '@playwright/test';
import { EventEmitter } from 'node:events';
import { createRequire, Module, register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DoubleApp } from './app';
import type { DoubleOptions, Launch } from './context';
import { createDialog } from './dialog';
import {
  clickMenuItem,
  createGlobalShortcut,
  createMenu,
  createNativeTheme,
  createNet,
  createNotification,
  createPowerMonitor,
  createSafeStorage,
  createScreen,
  createShell,
  createTray,
  menuLabels,
  nativeImage,
} from './platform';
import { DoubleProtocol, DoubleSession } from './sessions';
import { strict, unsupported } from './unsupported';
import { createWindowModule, DoubleIpcMain } from './windows';

export type { DoubleOptions } from './context';

const REGISTRY = Symbol.for('assistant.electron-double');
interface Registry {
  launches: Map<string, object>;
  current: object | undefined;
}

/** A module of Electron's the double does not model: any use throws. */
const absent = (name: string) =>
  new Proxy(
    {},
    {
      get: (_target, key) =>
        typeof key === 'symbol' || key === 'then'
          ? undefined
          : unsupported(`${name}.${String(key)}`),
    },
  );

let installed = false;
/** Makes `electron` resolve to the double inside bundles it launches; once per process. */
function install(repo: string): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  const registry = (holder[REGISTRY] ??= { launches: new Map(), current: undefined });
  if (installed) return registry;
  installed = true;
  register(new URL('./hooks.mjs', import.meta.url));
  // The bundle's CommonJS requires (createRequire in out/main) find the npm package's index.js,
  // which would only report a missing binary: Node's module cache answers with the double.
  const requireFromOut = createRequire(join(repo, 'out', 'main', 'index.js'));
  const path = requireFromOut.resolve('electron');
  const cjs = new Module(path);
  cjs.filename = path;
  cjs.loaded = true;
  cjs.exports = new Proxy(
    {},
    {
      get(_target, key) {
        if (registry.current === undefined)
          return unsupported(`require('electron') outside a launch`);
        return Reflect.get(registry.current, key);
      },
    },
  );
  (Module as unknown as { _cache: Record<string, Module> })._cache[path] = cjs;
  return registry;
}

export interface LaunchOptions extends Omit<DoubleOptions, 'id' | 'browser'> {
  browser: Browser;
  /** The repository (out/ is built there). */
  repo: string;
  /** Extra command-line arguments (a deep link, for example). */
  args?: string[];
  env?: Record<string, string>;
  onPageCoverage?: (entries: unknown[], sourceUrl: string) => void;
}

export type DoubleLaunch = Awaited<ReturnType<typeof launchDouble>>;

let launches = 0;

export async function launchDouble(options: LaunchOptions) {
  const registry = install(options.repo);
  const id = String(++launches);
  const launch: Launch = {
    options: { ...options, id },
    ready: false,
    exited: false,
    errors: [],
    requireReady(api) {
      if (!launch.ready) throw new Error(`${api} cannot be used before the app is ready`);
      if (launch.exited) throw new Error(`${api} used after the app quit`);
    },
  };
  // Electron's argv: `electron <app folder> …` in development; the packaged executable takes
  // the arguments directly. process.execPath stays this worker's Node (the double cannot be the
  // app's executable).
  const argv = [
    process.execPath,
    ...(options.packaged === undefined ? [options.repo] : []),
    ...(options.args ?? []),
  ];
  const app = new DoubleApp(launch, argv, { ...process.env, ...options.env });
  const protocol = new DoubleProtocol(launch);
  const sessions = new Map<string, DoubleSession>();
  const fromPartition = (partition: string) => {
    launch.requireReady('session.fromPartition');
    // Only in-memory partitions: a persist: one would outlive the test.
    if (partition.startsWith('persist:')) unsupported(`session.fromPartition('${partition}')`);
    let session = sessions.get(partition);
    if (session === undefined) {
      session = new DoubleSession(launch, partition, undefined);
      sessions.set(partition, session);
    }
    return session;
  };
  let defaultSession: DoubleSession | undefined;
  const getDefaultSession = () => {
    // https://www.electronjs.org/docs/latest/api/session#sessiondefaultsession — after ready.
    launch.requireReady('session.defaultSession');
    defaultSession ??= new DoubleSession(launch, '', protocol);
    return defaultSession;
  };
  const ipcMain = new DoubleIpcMain();
  const windows = createWindowModule({
    launch,
    app,
    ipcMain,
    defaultSession: getDefaultSession,
    fromPartition,
    protocol,
    ...(options.onPageCoverage === undefined ? {} : { onPageCoverage: options.onPageCoverage }),
  });
  const menu = createMenu(launch);
  const tray = createTray(launch);
  const notification = createNotification(launch);
  const shortcuts = createGlobalShortcut(launch);
  const powerMonitor = createPowerMonitor(launch);
  const net = createNet(launch);
  const shell = createShell();
  const dialogs = createDialog(launch, (value) => windows.all().includes(value as never));

  app.attach({
    closeAllWindowsForQuit: () => windows.closeAllForQuit(),
    windowCount: () => windows.count(),
    async shutdown() {
      for (const window of windows.all())
        (window as unknown as { destroyForClose(n: boolean): void }).destroyForClose(false);
      // A context closed under a page whose load is still settling makes Playwright's client fail
      // the test ("Object with guid response@… was not bound"): the pages go first, for a few
      // seconds at most (a page whose load waits on the app being shut down never settles).
      await Promise.race([
        windows.torndown(),
        new Promise((resolve) => setTimeout(resolve, 3_000)),
      ]);
      await Promise.all(
        [...sessions.values(), ...(defaultSession === undefined ? [] : [defaultSession])].map((s) =>
          s.close(),
        ),
      );
      registry.launches.delete(id);
      if (registry.current === electron) registry.current = undefined;
    },
  });

  const electron = strict('electron', {
    app,
    BrowserWindow: windows.BrowserWindow,
    webContents: windows.webContents,
    ipcMain,
    protocol,
    session: strict('session', {
      get defaultSession() {
        return getDefaultSession();
      },
      fromPartition,
    }),
    Menu: menu.Menu,
    MenuItem: absent('MenuItem'),
    Tray: tray.Tray,
    Notification: notification.Notification,
    globalShortcut: shortcuts.globalShortcut,
    shell: shell.shell,
    safeStorage: createSafeStorage(launch),
    powerMonitor,
    net: net.net,
    nativeTheme: createNativeTheme(),
    nativeImage,
    screen: createScreen(launch),
    // https://www.electronjs.org/docs/latest/api/auto-updater — its events may be listened to
    // (electron-updater signals before-quit-for-update through it); Squirrel itself is absent.
    autoUpdater: strict('autoUpdater', new EventEmitter()),
    clipboard: absent('clipboard'),
    contentTracing: absent('contentTracing'),
    crashReporter: absent('crashReporter'),
    desktopCapturer: absent('desktopCapturer'),
    dialog: dialogs.dialog,
    inAppPurchase: absent('inAppPurchase'),
    MessageChannelMain: absent('MessageChannelMain'),
    netLog: absent('netLog'),
    powerSaveBlocker: absent('powerSaveBlocker'),
    pushNotifications: absent('pushNotifications'),
    systemPreferences: absent('systemPreferences'),
    TouchBar: absent('TouchBar'),
    utilityProcess: absent('utilityProcess'),
    webFrameMain: absent('webFrameMain'),
  });
  registry.launches.set(id, electron);
  registry.current = electron;

  // Main's top-level code reads its argv and environment as Electron gives them at start.
  const savedArgv = process.argv;
  const savedEnv = { ...process.env };
  Object.assign(process.env, options.env ?? {});
  // https://www.electronjs.org/docs/latest/api/process#processresourcespath-readonly — set for a
  // packaged launch only (a development run's would be Electron's own folder, which our code
  // never reads), for the launch's lifetime like its environment.
  const savedResourcesPath = Object.getOwnPropertyDescriptor(process, 'resourcesPath');
  if (options.packaged !== undefined) {
    Object.defineProperty(process, 'resourcesPath', {
      value: options.packaged.resourcesPath,
      configurable: true,
      enumerable: true,
      writable: false,
    });
  }
  process.argv = argv;
  const bundle = pathToFileURL(join(options.repo, 'out', 'main', 'index.js'));
  bundle.searchParams.set('electron-double-launch', id);
  try {
    await import(bundle.href);
  } finally {
    process.argv = savedArgv;
  }
  // `ready` comes after the main script's synchronous start, as in Electron.
  setImmediate(() => app.emitReady());
  void app.exited().then(() => {
    if (savedResourcesPath === undefined) Reflect.deleteProperty(process, 'resourcesPath');
    else Object.defineProperty(process, 'resourcesPath', savedResourcesPath);
    for (const key of Object.keys(options.env ?? {})) {
      if (savedEnv[key] === undefined) delete process.env[key];
      else process.env[key] = savedEnv[key];
    }
  });

  return {
    electron,
    app,
    launch,
    windows,
    trays: tray.trays,
    notifications: notification.shown,
    notificationActivation: notification.activation,
    shortcuts: shortcuts.registered,
    powerMonitor,
    net: net.state,
    openedExternally: shell.opened,
    messageBoxes: dialogs.messageBoxes,
    applicationMenu: () => menu.record.applicationMenu,
    sessions: () => [...sessions.values()],
    defaultSession: () => defaultSession,
    clickMenuItem,
    menuLabels,
  };
}
