// `app`: the lifecycle our main process depends on, with Electron's ordering rules.
// https://www.electronjs.org/docs/latest/api/app

import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Launch } from './context';
import { linuxPreferredLanguages } from './system-languages';
import { strict, unsupported } from './unsupported';

/** An Electron `Event`: what listeners receive first, with preventDefault. */
export interface DoubleEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}
export function createEvent<T extends object>(fields: T = {} as T): DoubleEvent & T {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

/** Single-instance locks of every live launch, by userData folder (Electron's lock is there). */
const locks = new Map<string, DoubleApp>();

export interface AppHooks {
  /** Closes every window for quit; false when one refused (its `close` was prevented). */
  closeAllWindowsForQuit(): Promise<boolean>;
  windowCount(): number;
  /** Everything of the launch torn down (browser contexts closed). */
  shutdown(): Promise<void>;
}

export class DoubleApp extends EventEmitter {
  /** https://www.electronjs.org/docs/latest/api/app#appispackaged-readonly */
  readonly isPackaged: boolean;
  /** macOS only (https://www.electronjs.org/docs/latest/api/dock): absent elsewhere. */
  dock = undefined;
  commandLine = {
    switches: new Map<string, string>(),
    appendSwitch: (name: string, value = '') => {
      // https://www.electronjs.org/docs/latest/api/command-line — switches act at start-up only.
      if (this.launch.ready) unsupported(`app.commandLine.appendSwitch after ready (${name})`);
      this.commandLine.switches.set(name, value);
    },
    hasSwitch: (name: string) => this.commandLine.switches.has(name),
    getSwitchValue: (name: string) => this.commandLine.switches.get(name) ?? '',
  };
  /** What a test reads. */
  readonly record = {
    sandboxEnabled: false,
    appUserModelId: undefined as string | undefined,
    loginItem: { openAtLogin: false },
    protocolClients: [] as Array<{ scheme: string; path?: string; args?: string[] }>,
    focusCalls: 0,
    exitCode: undefined as number | undefined,
    quitCount: 0,
    badgeCount: 0,
  };
  private readonly paths = new Map<string, string>();
  private readyPromise: Promise<void>;
  private resolveReady!: () => void;
  private quitting = false;
  private readonly exitedPromise: Promise<number>;
  private resolveExited!: (code: number) => void;
  private hooks: AppHooks | undefined;
  private pendingSecondInstances: Array<() => void> = [];

  constructor(
    private readonly launch: Launch,
    private readonly argv: readonly string[],
    /** The environment the launch started with (its locale variables name the user's languages). */
    private readonly environment: Readonly<Record<string, string | undefined>>,
  ) {
    super();
    this.isPackaged = launch.options.packaged !== undefined;
    this.readyPromise = new Promise((resolve) => (this.resolveReady = resolve));
    this.exitedPromise = new Promise((resolve) => (this.resolveExited = resolve));
    const userData = launch.options.userDataDir;
    this.paths.set('userData', userData);
    this.paths.set('sessionData', userData);
    this.paths.set('logs', join(userData, 'logs'));
    this.paths.set('temp', join(userData, 'tmp'));
    // The user's home is a folder of the test's: what the app writes there (the browser
    // companion's manifests) never reaches the real user's browsers.
    this.paths.set('home', join(userData, 'home'));
    this.paths.set('appData', join(userData, '..'));
    this.paths.set('crashDumps', join(userData, 'Crashpad'));
    // EventEmitter's rule: an 'error' with no listener throws; Electron's app never emits it.
    return strict('app', this);
  }

  attach(hooks: AppHooks): void {
    this.hooks = hooks;
  }

  /** Called by the launcher once main's top-level code has run, as Electron does after start-up. */
  emitReady(): void {
    if (this.launch.exited) return;
    this.emit('will-finish-launching');
    this.launch.ready = true;
    this.resolveReady();
    this.emit('ready', { preventDefault() {} }, {});
    for (const deliver of this.pendingSecondInstances.splice(0)) deliver();
  }

  whenReady(): Promise<void> {
    return this.readyPromise;
  }
  isReady(): boolean {
    return this.launch.ready;
  }
  exited(): Promise<number> {
    return this.exitedPromise;
  }

  getName(): string {
    return 'Assistant Desktop';
  }
  getVersion(): string {
    return '0.1.0';
  }
  /** Packaged, Electron answers `<resources>/app.asar`; the double runs the built bundle in place. */
  getAppPath(): string {
    const { packaged, appPath } = this.launch.options;
    if (packaged !== undefined) unsupported('app.getAppPath() in a packaged run (no app.asar)');
    return appPath;
  }
  /** The app's locale, which Chromium takes from the system's first language. */
  getLocale(): string {
    return linuxPreferredLanguages(this.environment)[0] ?? 'en-US';
  }
  /**
   * https://www.electronjs.org/docs/latest/api/app#appgetpreferredsystemlanguages — on every
   * platform as on Linux, from the locale variables (Windows' and macOS's language settings are
   * not modelled).
   */
  getPreferredSystemLanguages(): string[] {
    return linuxPreferredLanguages(this.environment);
  }
  getPath(name: string): string {
    const path = this.paths.get(name);
    // Electron throws for a name it does not know.
    if (path === undefined) throw new Error(`Failed to get '${name}' path`);
    if (name === 'logs' || name === 'userData') mkdirSync(path, { recursive: true });
    return path;
  }
  setPath(name: string, path: string): void {
    // "If you want to change [userData/sessionData], you have to override [it] before the ready
    // event of the app module is emitted." Later changes would silently not apply: refused here.
    if (this.launch.ready && (name === 'userData' || name === 'sessionData')) {
      unsupported(`app.setPath('${name}') after ready`);
    }
    this.paths.set(name, path);
    if (name === 'userData') {
      this.paths.set('sessionData', path);
      this.paths.set('logs', join(path, 'logs'));
    }
  }

  enableSandbox(): void {
    // "This method can only be called before app is ready."
    if (this.launch.ready)
      throw new Error('app.enableSandbox() can only be called before app is ready');
    this.record.sandboxEnabled = true;
  }
  setAppUserModelId(id: string): void {
    if (this.launch.options.platform !== 'win32') unsupported('app.setAppUserModelId off Windows');
    this.record.appUserModelId = id;
  }
  setAsDefaultProtocolClient(scheme: string, path?: string, args?: string[]): boolean {
    this.record.protocolClients.push({
      scheme,
      ...(path === undefined ? {} : { path }),
      ...(args === undefined ? {} : { args }),
    });
    return true;
  }
  setLoginItemSettings(settings: { openAtLogin?: boolean }): void {
    // macOS and Windows only (https://www.electronjs.org/docs/latest/api/app#appsetloginitemsettingssettings-macos-windows).
    if (this.launch.options.platform === 'linux') unsupported('app.setLoginItemSettings on Linux');
    this.record.loginItem = { openAtLogin: settings.openAtLogin ?? false };
  }
  getLoginItemSettings(): { openAtLogin: boolean } {
    return { ...this.record.loginItem };
  }
  /** https://www.electronjs.org/docs/latest/api/app#appsetbadgecountcount-linux-macos */
  setBadgeCount(count?: number): boolean {
    if (this.launch.options.platform === 'win32') unsupported('app.setBadgeCount on Windows');
    this.record.badgeCount = count ?? 0;
    return true;
  }
  focus(_options?: { steal: boolean }): void {
    this.record.focusCalls += 1;
  }

  /**
   * https://www.electronjs.org/docs/latest/api/app#apprequestsingleinstancelockadditionaldata
   * The first instance holds the lock; a later one gets false and the first hears
   * `second-instance` with its argv, always after its own `ready`.
   */
  requestSingleInstanceLock(additionalData?: Record<string, unknown>): boolean {
    const key = this.launch.options.userDataDir;
    const holder = locks.get(key);
    if (holder === undefined || holder === this) {
      locks.set(key, this);
      return true;
    }
    holder.deliverSecondInstance([...this.argv], additionalData ?? {});
    return false;
  }
  hasSingleInstanceLock(): boolean {
    return locks.get(this.launch.options.userDataDir) === this;
  }
  releaseSingleInstanceLock(): void {
    if (this.hasSingleInstanceLock()) locks.delete(this.launch.options.userDataDir);
  }
  private deliverSecondInstance(argv: string[], data: Record<string, unknown>): void {
    const deliver = () => {
      if (!this.launch.exited)
        this.emit('second-instance', createEvent(), argv, process.cwd(), data);
    };
    if (this.launch.ready) setImmediate(deliver);
    else this.pendingSecondInstances.push(deliver);
  }

  /**
   * https://www.electronjs.org/docs/latest/api/app#appquit — `before-quit` (cancellable), then
   * every window is closed (each `close` cancellable, which cancels the quit), then `will-quit`
   * (cancellable) and `quit`. `window-all-closed` is not emitted on this path.
   */
  quit(): void {
    this.record.quitCount += 1;
    if (this.quitting || this.launch.exited) return;
    this.quitting = true;
    setImmediate(() => {
      void this.runQuit().catch((error: unknown) => this.launch.errors.push(error));
    });
  }
  private async runQuit(): Promise<void> {
    const before = createEvent();
    this.emit('before-quit', before);
    if (before.defaultPrevented) {
      this.quitting = false;
      return;
    }
    const closed = (await this.hooks?.closeAllWindowsForQuit()) ?? true;
    if (!closed) {
      this.quitting = false;
      return;
    }
    const willQuit = createEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      this.quitting = false;
      return;
    }
    this.emit('quit', createEvent(), 0);
    await this.finish(0);
  }
  /** https://www.electronjs.org/docs/latest/api/app#appexitexitcode — no events at all. */
  exit(code = 0): void {
    void this.finish(code);
  }
  private async finish(code: number): Promise<void> {
    if (this.launch.exited) return;
    this.launch.exited = true;
    this.record.exitCode = code;
    this.releaseSingleInstanceLock();
    await this.hooks?.shutdown();
    this.resolveExited(code);
  }

  /** The last window closed outside a quit: `window-all-closed`, or quit when nobody listens. */
  allWindowsClosed(): void {
    if (this.quitting || this.launch.exited) return;
    if (this.listenerCount('window-all-closed') === 0) this.quit();
    else this.emit('window-all-closed');
  }
}
