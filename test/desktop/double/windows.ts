// BrowserWindow, webContents and ipcMain. Each window is a real Chromium page (Playwright) in its
// session's browser context; its preload is the real built bundle, run by preload-host.js before
// any page script; calls from it reach ipcMain.handle with a sender and the calling frame.
// https://www.electronjs.org/docs/latest/api/browser-window
// https://www.electronjs.org/docs/latest/api/web-contents
// https://www.electronjs.org/docs/latest/api/ipc-main
// https://www.electronjs.org/docs/latest/api/web-frame-main

import type { BrowserContext, Frame, Page, Route } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createEvent, type DoubleApp } from './app';
import { APP_PROXY_ORIGIN, toAppUrl, toPageUrl, type Launch } from './context';
import type { DoubleProtocol, DoubleSession, RoutedContents } from './sessions';
import { strict, unsupported } from './unsupported';

const PRELOAD_HOST = readFileSync(new URL('./preload-host.js', import.meta.url), 'utf8');

/** The origin Chromium gives a URL, with the app scheme composed by hand (Node's URL says null). */
function originOf(url: string): string {
  if (url.startsWith('app://')) return `app://${new URL(url).host}`;
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

/** webFrameMain as our sender checks read it: url, origin, parent, top. */
export interface FrameInfo {
  readonly url: string;
  readonly origin: string;
  readonly parent: FrameInfo | null;
  readonly top: FrameInfo | null;
  readonly name: string;
  isDestroyed(): boolean;
}
const frames = new WeakMap<Frame, FrameInfo>();
export function frameInfo(frame: Frame): FrameInfo {
  let info = frames.get(frame);
  if (info === undefined) {
    info = strict('WebFrameMain', {
      get url() {
        return toAppUrl(frame.url());
      },
      get origin() {
        return originOf(toAppUrl(frame.url()));
      },
      get parent() {
        const parent = frame.parentFrame();
        return parent === null ? null : frameInfo(parent);
      },
      get top() {
        return frameInfo(frame.page().mainFrame());
      },
      get name() {
        return frame.name();
      },
      isDestroyed: () => frame.isDetached(),
    });
    frames.set(frame, info);
  }
  return info;
}

/** The preload wrapped for the page, and where its text starts (for coverage mapping). */
export function preloadInitScript(
  preloadPath: string,
  config: object,
): { script: string; sourceUrl: string } {
  const source = readFileSync(preloadPath, 'utf8');
  const sourceUrl = `${pathToFileURL(preloadPath).href}?electron-double-preload`;
  const script =
    `${PRELOAD_HOST.trim().replace(/;$/, '')}(${JSON.stringify(config)}, function (exports, require, module, __filename, __dirname, process) {\n` +
    `${source}\n});\n//# sourceURL=${sourceUrl}\n`;
  return { script, sourceUrl };
}

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;

export class DoubleIpcMain extends EventEmitter {
  private readonly handlers = new Map<string, InvokeHandler>();
  constructor() {
    super();
    return strict('ipcMain', this);
  }
  /** https://www.electronjs.org/docs/latest/api/ipc-main#ipcmainhandlechannel-listener */
  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    }
    this.handlers.set(channel, handler);
  }
  handleOnce(channel: string, handler: InvokeHandler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return handler(event, ...args);
    });
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  async invoke(
    sender: unknown,
    frame: Frame,
    channel: string,
    args: unknown[],
  ): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
    const handler = this.handlers.get(channel);
    if (handler === undefined)
      return { ok: false, message: `No handler registered for '${channel}'` };
    const event = createEvent({
      sender,
      senderFrame: frame.isDetached() ? null : frameInfo(frame),
      processId: 1,
      frameId: 1,
      type: 'frame' as const,
    });
    try {
      const value = await handler(event, ...args);
      // The reply is structured-cloned too: a function or class instance in it would throw.
      return { ok: true, value: structuredClone(value) };
    } catch (error) {
      return { ok: false, message: String(error) };
    }
  }
}

export interface WindowModule {
  BrowserWindow: unknown;
  webContents: unknown;
  /** For app.quit(): close every window, false when one refused. */
  closeAllForQuit(): Promise<boolean>;
  count(): number;
  /** Every window, for tests (Playwright pages included). */
  all(): DoubleBrowserWindowLike[];
  /** Resolves once every destroyed window's page is torn down (for the double's shutdown). */
  torndown(): Promise<void>;
}

export interface DoubleBrowserWindowLike {
  readonly id: number;
  readonly webContents: DoubleWebContentsLike;
  /** Test records: was it ever visible before its page had loaded (a blank window shown)? */
  readonly record: { shownBeforeLoad: boolean; shown: boolean; options: Record<string, unknown> };
  isVisible(): boolean;
  isDestroyed(): boolean;
  isFocused(): boolean;
}
export interface DoubleWebContentsLike {
  readonly id: number;
  page(): Promise<Page>;
  getURL(): string;
}

export function createWindowModule(options: {
  launch: Launch;
  app: DoubleApp;
  ipcMain: DoubleIpcMain;
  defaultSession: () => DoubleSession;
  fromPartition: (partition: string) => DoubleSession;
  protocol: DoubleProtocol;
  /** The preload pages' JS coverage, when collected, goes here when each page closes. */
  onPageCoverage?: (entries: unknown[], sourceUrl: string) => void;
}): WindowModule {
  const { launch, app, ipcMain } = options;
  const windows = new Set<DoubleBrowserWindow>();
  const contentsByPage = new Map<Page, DoubleWebContents>();
  let nextId = 1;
  let focused: DoubleBrowserWindow | undefined;
  /**
   * Pages of destroyed windows still being torn down (a load settling, then the page closing):
   * the double's shutdown waits for them before it closes the browser contexts under them.
   */
  const teardowns = new Set<Promise<void>>();
  /** Every page a page of ours opened (window.open, target=_blank) goes to its opener's handler. */
  const watchedContexts = new WeakSet<BrowserContext>();
  const watchPopups = (context: BrowserContext) => {
    if (watchedContexts.has(context)) return;
    watchedContexts.add(context);
    context.on('page', (page) => {
      void page.opener().then((opener) => {
        const contents = opener === null ? undefined : contentsByPage.get(opener);
        if (contents !== undefined) void contents.refusePopup(page);
      });
    });
  };
  /** URLs popups asked for, in order (their own page shows only the aborted load). */
  const popupUrls: string[] = [];
  const binding = `__electronDouble_${randomUUID().replaceAll('-', '')}`;

  const hooksFor = (session: DoubleSession) =>
    session.setNavigationHooks({
      contentsOf(route: Route): RoutedContents | undefined {
        let page: Page;
        try {
          page = route.request().frame().page();
        } catch {
          return undefined;
        }
        return contentsByPage.get(page);
      },
      popupRequested(url: string) {
        // Our pages send Cross-Origin-Opener-Policy: same-origin, so a cross-origin popup has
        // no opener Playwright could name: the session's one window of ours opened it.
        const opener = [...contentsByPage.values()].find(
          (c) => c.session === session && !c.destroyed,
        );
        if (opener === undefined) popupUrls.push(url);
        else void opener.refuseWindowOpen(url);
      },
    });

  class DoubleWebContents extends EventEmitter implements DoubleWebContentsLike {
    readonly id = nextId++;
    readonly session: DoubleSession;
    destroyed = false;
    crashed = false;
    private url = '';
    private pagePromise: Promise<Page>;
    private openHandler: ((details: { url: string }) => { action: string }) | undefined;
    private programmatic: string[] = [];
    private redirects: string[] = [];
    private queue: Array<{ channel: string; args: unknown[] }> = [];
    private waiter: ((messages: Array<{ channel: string; args: unknown[] }>) => void) | undefined;
    private loadedOnce = false;
    /** The last loadURL's navigation, settled either way. */
    private loading: Promise<void> = Promise.resolve();
    /** The one proxy every caller sees, so identity checks (sender === webContents) hold. */
    readonly self: DoubleWebContents;

    constructor(
      session: DoubleSession,
      readonly owner: DoubleBrowserWindow,
      preloadPath: string | undefined,
    ) {
      super();
      this.session = session;
      this.self = strict('WebContents', this);
      hooksFor(session);
      this.pagePromise = session.context().then(async (context) => {
        watchPopups(context);
        const page = await context.newPage();
        contentsByPage.set(page, this.self);
        if (preloadPath !== undefined) await this.installPreload(page, preloadPath);
        this.watch(page);
        return page;
      });
      // Our code hears about every contents before it can load anything.
      app.emit('web-contents-created', createEvent(), this.self);
      return this.self;
    }

    page(): Promise<Page> {
      return this.pagePromise;
    }

    private async installPreload(page: Page, preloadPath: string): Promise<void> {
      await page.exposeBinding(
        binding,
        async (
          source,
          message: { kind: string; documentId: string; channel?: string; args?: unknown[] },
        ) => {
          if (message.kind === 'poll') return this.nextMessages();
          if (message.kind === 'invoke') {
            return ipcMain.invoke(
              this.self,
              source.frame,
              message.channel ?? '',
              message.args ?? [],
            );
          }
          return unsupported(`ipcRenderer message ${message.kind}`);
        },
      );
      const { script, sourceUrl } = preloadInitScript(preloadPath, {
        binding,
        platform: launch.options.platform,
      });
      if (launch.options.collectPageCoverage && options.onPageCoverage !== undefined) {
        await page.coverage.startJSCoverage({
          resetOnNavigation: false,
          reportAnonymousScripts: false,
        });
        page.once('close', () => {});
        this.once('destroyed', () => {
          void page.coverage
            .stopJSCoverage()
            .then((entries) => options.onPageCoverage?.(entries, sourceUrl))
            .catch(() => {});
        });
      }
      await page.addInitScript({ content: script });
    }

    private watch(page: Page): void {
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return;
        this.url = toAppUrl(frame.url());
        // A new document: what was queued for the old one is gone with it.
        this.queue = [];
        if (frame.url().startsWith('http')) {
          void this.session
            .decidePermissions(this.self, frame.url(), true)
            .catch((error: unknown) => {
              if (!/closed/i.test(String(error))) launch.errors.push(error);
            });
        }
      });
      page.on('load', () => {
        if (this.destroyed) return;
        this.emit('did-finish-load', createEvent());
        if (!this.loadedOnce) {
          this.loadedOnce = true;
          this.owner.loaded();
        }
      });
      page.on('crash', () => {
        this.crashed = true;
        this.emit('render-process-gone', createEvent(), { reason: 'crashed', exitCode: 1 });
      });
    }

    /**
     * https://www.electronjs.org/docs/latest/api/web-contents#contentssetwindowopenhandlerhandler
     * Every popup asks the opener's handler; the double opens no second page for an `allow`.
     */
    async refusePopup(popup: Page): Promise<void> {
      await popup.close().catch(() => {});
      await this.refuseWindowOpen(popupUrls.shift() ?? popup.url());
    }
    async refuseWindowOpen(url: string): Promise<void> {
      const decision = this.openHandler?.({ url: toAppUrl(url) }) ?? { action: 'allow' };
      // Whatever was decided, the double opens no second window: the page's popup is closed.
      const context = await this.session.context();
      for (const page of context.pages()) {
        if (!contentsByPage.has(page)) await page.close().catch(() => {});
      }
      if (decision.action !== 'deny') {
        launch.errors.push(
          new Error(`not supported by the Electron double: a window opened by the page (${url})`),
        );
      }
    }

    private nextMessages(): Promise<Array<{ channel: string; args: unknown[] }>> {
      if (this.queue.length > 0) return Promise.resolve(this.queue.splice(0));
      return new Promise((resolve) => {
        this.waiter?.([]);
        this.waiter = resolve;
      });
    }

    // RoutedContents, for sessions.ts
    takeProgrammaticLoad(url: string): boolean {
      const index = this.programmatic.indexOf(url);
      if (index < 0) return false;
      this.programmatic.splice(index, 1);
      return true;
    }
    takeRedirect(url: string): boolean {
      const index = this.redirects.indexOf(url);
      if (index < 0) return false;
      this.redirects.splice(index, 1);
      return true;
    }
    expectRedirect(url: string): void {
      this.redirects.push(url);
    }
    didStartNavigation(url: string, isMainFrame: boolean): void {
      this.emit(
        'did-start-navigation',
        createEvent({ url, isMainFrame, isSameDocument: false }),
        url,
        false,
        isMainFrame,
      );
    }

    /** https://www.electronjs.org/docs/latest/api/web-contents#contentsloadurlurl-options */
    async loadURL(url: string): Promise<void> {
      if (this.destroyed) throw new Error('Object has been destroyed');
      if (url.startsWith('app:') && options.protocol.privilegesOf('app')?.standard !== true) {
        unsupported('loading app:// without registering it as a standard scheme');
      }
      const page = await this.pagePromise;
      const pageUrl = toPageUrl(url);
      this.programmatic.push(new URL(pageUrl).href);
      const loading = page.goto(pageUrl, { waitUntil: 'load' });
      this.loading = loading.then(
        () => undefined,
        () => undefined,
      );
      try {
        await loading;
      } catch (error) {
        const message = String(error);
        const code = /ERR_ABORTED/.test(message) ? -3 : /ERR_BLOCKED/.test(message) ? -20 : -2;
        const description = /net::(ERR_[A-Z_]+)/.exec(message)?.[1] ?? 'ERR_FAILED';
        this.emit('did-fail-load', createEvent(), code, description, url, true);
        throw new Error(`${description} (${code}) loading '${url}'`, { cause: error });
      }
    }
    getURL(): string {
      return this.url;
    }
    send(channel: string, ...args: unknown[]): void {
      if (this.destroyed) throw new Error('Object has been destroyed');
      // https://www.electronjs.org/docs/latest/api/web-contents#contentssendchannel-args —
      // structured clone: functions, DOM objects and the like throw.
      this.queue.push({ channel, args: structuredClone(args) });
      if (this.waiter !== undefined) {
        const wake = this.waiter;
        this.waiter = undefined;
        wake(this.queue.splice(0));
      }
    }
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
      this.openHandler = handler;
    }
    isDestroyed(): boolean {
      return this.destroyed;
    }
    isCrashed(): boolean {
      return this.crashed;
    }
    isLoading(): boolean {
      return !this.loadedOnce;
    }
    reload(): void {
      void this.pagePromise.then((page) => page.reload()).catch(() => {});
    }
    focus(): void {}
    get mainFrame(): FrameInfo | undefined {
      return undefined;
    }
    async destroy(): Promise<void> {
      if (this.destroyed) return;
      this.destroyed = true;
      this.emit('destroyed');
      const page = await this.pagePromise.catch(() => undefined);
      contentsByPage.delete(page as Page);
      // A page closed while Playwright's goto is still settling makes Playwright's client fail
      // the test ("Object with guid response@… was not bound"): let the load settle first, for a
      // moment at most. Electron itself closes a loading window at once.
      await Promise.race([this.loading, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      await page?.close().catch(() => {});
    }
  }

  class DoubleBrowserWindow extends EventEmitter implements DoubleBrowserWindowLike {
    readonly id: number;
    readonly webContents: DoubleWebContents;
    readonly record: { shownBeforeLoad: boolean; shown: boolean; options: Record<string, unknown> };
    private visible = false;
    private destroyed = false;
    private minimized = false;
    private maximized = false;
    private fullScreen = false;
    private hasLoaded = false;
    private bounds: { x: number; y: number; width: number; height: number };
    private title: string;

    constructor(windowOptions: Record<string, unknown> = {}) {
      super();
      // "You cannot use this module until the ready event of the app module is emitted."
      if (!launch.ready) throw new Error('Cannot create BrowserWindow before app is ready');
      const prefs = (windowOptions.webPreferences ?? {}) as Record<string, unknown>;
      // The double models the sandboxed, isolated renderer our code asks for, nothing looser.
      if (prefs.contextIsolation === false)
        unsupported('BrowserWindow with contextIsolation: false');
      if (prefs.nodeIntegration === true) unsupported('BrowserWindow with nodeIntegration: true');
      if (prefs.sandbox === false) unsupported('BrowserWindow with sandbox: false');
      if (prefs.webviewTag === true) unsupported('BrowserWindow with webviewTag: true');
      const session =
        (prefs.session as DoubleSession | undefined) ??
        (typeof prefs.partition === 'string'
          ? options.fromPartition(prefs.partition)
          : options.defaultSession());
      this.record = { shownBeforeLoad: false, shown: false, options: windowOptions };
      this.id = nextId++;
      this.title = typeof windowOptions.title === 'string' ? windowOptions.title : '';
      const width = typeof windowOptions.width === 'number' ? windowOptions.width : 800;
      const height = typeof windowOptions.height === 'number' ? windowOptions.height : 600;
      this.bounds = {
        x: typeof windowOptions.x === 'number' ? windowOptions.x : Math.round((1920 - width) / 2),
        y: typeof windowOptions.y === 'number' ? windowOptions.y : Math.round((1080 - height) / 2),
        width,
        height,
      };
      const self = strict('BrowserWindow', this);
      this.selfProxy = self;
      windows.add(self);
      this.webContents = new DoubleWebContents(
        session,
        self,
        typeof prefs.preload === 'string' ? prefs.preload : undefined,
      );
      // `show` defaults to true: the window appears at once, before anything has loaded.
      if (windowOptions.show !== false) this.show();
      return self;
    }

    private selfProxy: DoubleBrowserWindow | undefined;
    self(): DoubleBrowserWindow {
      return this.selfProxy ?? this;
    }
    loaded(): void {
      this.hasLoaded = true;
      this.emit('ready-to-show', createEvent());
    }

    private becomeVisible(): void {
      if (this.visible) return;
      this.visible = true;
      this.record.shown = true;
      if (!this.hasLoaded) this.record.shownBeforeLoad = true;
      this.emit('show', createEvent());
    }
    show(): void {
      this.becomeVisible();
      this.minimized = false;
      this.focus();
    }
    showInactive(): void {
      this.becomeVisible();
    }
    hide(): void {
      if (!this.visible) return;
      this.visible = false;
      if (focused === this.self()) focused = undefined;
      this.emit('hide', createEvent());
    }
    focus(): void {
      if (this.destroyed) return;
      focused = this.self();
      this.emit('focus', createEvent());
    }
    blur(): void {
      if (focused === this.self()) focused = undefined;
    }
    isFocused(): boolean {
      return focused === this.self() && this.visible && !this.minimized;
    }
    isVisible(): boolean {
      return this.visible && !this.destroyed;
    }
    minimize(): void {
      this.minimized = true;
      if (focused === this.self()) focused = undefined;
    }
    isMinimized(): boolean {
      return this.minimized;
    }
    restore(): void {
      this.minimized = false;
      this.becomeVisible();
    }
    /** "This will also show (but not focus) the window if it isn't being displayed already." */
    maximize(): void {
      this.maximized = true;
      this.becomeVisible();
    }
    unmaximize(): void {
      this.maximized = false;
    }
    isMaximized(): boolean {
      return this.maximized;
    }
    setFullScreen(flag: boolean): void {
      this.fullScreen = flag;
      if (flag) this.becomeVisible();
    }
    isFullScreen(): boolean {
      return this.fullScreen;
    }
    getBounds() {
      return { ...this.bounds };
    }
    getNormalBounds() {
      return { ...this.bounds };
    }
    setBounds(bounds: Partial<{ x: number; y: number; width: number; height: number }>): void {
      this.bounds = { ...this.bounds, ...bounds };
      this.emit('resize', createEvent());
    }
    center(): void {}
    setTitle(title: string): void {
      this.title = title;
    }
    getTitle(): string {
      return this.title;
    }
    setMenuBarVisibility(_visible: boolean): void {}
    setAutoHideMenuBar(_hide: boolean): void {}
    isDestroyed(): boolean {
      return this.destroyed;
    }
    loadURL(url: string): Promise<void> {
      return this.webContents.loadURL(url);
    }
    /** https://www.electronjs.org/docs/latest/api/browser-window#winclose — `close` may cancel it. */
    close(): void {
      if (this.destroyed) return;
      const event = createEvent();
      this.emit('close', event);
      if (!event.defaultPrevented) this.destroyForClose(true);
    }
    destroy(): void {
      this.destroyForClose(true);
    }
    /** Emits `closed`; the last window gone (outside a quit) tells the app. */
    destroyForClose(notifyApp: boolean): void {
      if (this.destroyed) return;
      this.destroyed = true;
      this.visible = false;
      if (focused === this.self()) focused = undefined;
      windows.delete(this.self());
      const teardown = this.webContents.destroy();
      teardowns.add(teardown);
      void teardown.finally(() => teardowns.delete(teardown));
      this.emit('closed');
      if (notifyApp && windows.size === 0) app.allWindowsClosed();
    }
  }

  const BrowserWindow = Object.assign(DoubleBrowserWindow, {
    getAllWindows: () => [...windows],
    getFocusedWindow: () => focused ?? null,
    fromWebContents: (contents: unknown) =>
      [...windows].find((w) => w.webContents === contents) ?? null,
    fromId: (id: number) => [...windows].find((w) => w.id === id) ?? null,
  });

  return {
    BrowserWindow: strict('BrowserWindow (class)', BrowserWindow),
    webContents: strict('webContents', {
      getAllWebContents: () => [...windows].map((w) => w.webContents),
      getFocusedWebContents: () => focused?.webContents ?? null,
    }),
    async closeAllForQuit() {
      for (const window of [...windows]) {
        const event = createEvent();
        window.emit('close', event);
        if (event.defaultPrevented) return false;
        window.destroyForClose(false);
      }
      return true;
    },
    count: () => windows.size,
    all: () => [...windows],
    torndown: () => Promise.all([...teardowns]).then(() => undefined),
  };
}

export { APP_PROXY_ORIGIN };
