// `session`, `protocol`, cookies, webRequest and permissions. Each Electron session is one
// Playwright browser context (its own cookie jar and storage), and every request its pages make
// goes through one route handler here, which is where the rules are applied:
// - app://assistant/… is answered by the handler our code gave `protocol.handle`. Chromium cannot
//   load an unknown scheme, so the page loads it from a loopback stand-in origin
//   (context.ts, APP_PROXY_ORIGIN) and every URL our code sees is translated back to app://.
// - navigations raise `will-navigate` / `will-redirect` first and are aborted when prevented.
// - `webRequest.onHeadersReceived` rewrites the headers of the responses it matches.
// - nothing leaves the machine: a request to any host other than loopback is aborted.
// https://www.electronjs.org/docs/latest/api/session
// https://www.electronjs.org/docs/latest/api/protocol
// https://www.electronjs.org/docs/latest/api/cookies
// https://www.electronjs.org/docs/latest/api/web-request

import type {
  APIResponse,
  BrowserContext,
  Cookie as PlaywrightCookie,
  Route,
} from '@playwright/test';
import { EventEmitter } from 'node:events';
import { createEvent } from './app';
import { APP_PROXY_ORIGIN, toAppUrl, type Launch } from './context';
import { strict, unsupported } from './unsupported';

type ProtocolHandler = (request: Request) => Response | Promise<Response>;

/** What windows.ts gives a session so a request can be tied to its window's events. */
export interface NavigationHooks {
  /** The web contents of a Playwright page of this session, if it is ours. */
  contentsOf(route: Route): RoutedContents | undefined;
  /** A new window's first navigation, refused here, for the opener's window-open handler. */
  popupRequested(url: string): void;
}
export interface RoutedContents {
  /** True when this navigation is the one loadURL started (no will-navigate for it). */
  takeProgrammaticLoad(url: string): boolean;
  /** A redirect hop this contents already allowed. */
  takeRedirect(url: string): boolean;
  expectRedirect(url: string): void;
  emit(event: string, ...args: unknown[]): boolean;
  didStartNavigation(url: string, isMainFrame: boolean): void;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', 'app-assistant.localhost']);

/**
 * The privileges a scheme may have, as Electron lists them:
 * https://www.electronjs.org/docs/latest/api/structures/custom-scheme
 */
const SCHEME_PRIVILEGES = new Set([
  'standard',
  'secure',
  'bypassCSP',
  'allowServiceWorkers',
  'supportFetchAPI',
  'corsEnabled',
  'stream',
  'codeCache',
  'allowExtensions',
]);

export class DoubleProtocol {
  private readonly handlers = new Map<string, ProtocolHandler>();
  private readonly privileged = new Map<string, Record<string, boolean>>();

  constructor(private readonly launch: Launch) {
    return strict('protocol', this);
  }

  /**
   * https://www.electronjs.org/docs/latest/api/protocol#protocolregisterschemesasprivilegedcustomschemes
   * "This method can only be used before the ready event of the app module gets emitted and can
   * be called only once."
   */
  registerSchemesAsPrivileged(
    schemes: Array<{ scheme: string; privileges?: Record<string, boolean> }>,
  ): void {
    if (this.launch.ready)
      throw new Error('protocol.registerSchemesAsPrivileged must be called before app is ready');
    if (this.privileged.size > 0) unsupported('protocol.registerSchemesAsPrivileged called twice');
    for (const { scheme, privileges = {} } of schemes) {
      for (const name of Object.keys(privileges)) {
        if (!SCHEME_PRIVILEGES.has(name)) unsupported(`scheme privilege ${name}`);
      }
      // "codeCache: Enable V8 code cache for the scheme, only works when standard is also set to
      // true." Electron throws otherwise.
      if (privileges.codeCache === true && privileges.standard !== true) {
        throw new Error(
          'Code cache can only be enabled when the custom scheme is registered as standard scheme.',
        );
      }
      this.privileged.set(scheme, privileges);
    }
  }
  privilegesOf(scheme: string): Record<string, boolean> | undefined {
    return this.privileged.get(scheme);
  }

  /** https://www.electronjs.org/docs/latest/api/protocol#protocolhandlescheme-handler */
  handle(scheme: string, handler: ProtocolHandler): void {
    this.launch.requireReady('protocol.handle');
    // Electron throws when a scheme already has a handler.
    if (this.handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    if (scheme !== 'app') unsupported(`protocol.handle('${scheme}'): only app:// is served`);
    this.handlers.set(scheme, handler);
  }
  unhandle(scheme: string): void {
    this.handlers.delete(scheme);
  }
  isProtocolHandled(scheme: string): boolean {
    return this.handlers.has(scheme);
  }
  handlerFor(scheme: string): ProtocolHandler | undefined {
    return this.handlers.get(scheme);
  }
}

type HeadersListener = (
  details: {
    url: string;
    method: string;
    statusCode: number;
    responseHeaders: Record<string, string[]>;
  },
  callback: (response: {
    cancel?: boolean;
    responseHeaders?: Record<string, string[] | string>;
  }) => void,
) => void;

/** Electron's Cookie from Playwright's. */
function electronCookie(cookie: PlaywrightCookie) {
  return {
    name: cookie.name,
    value: cookie.value,
    domain: cookie.domain,
    hostOnly: !cookie.domain.startsWith('.'),
    path: cookie.path,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
    session: cookie.expires === -1,
    ...(cookie.expires === -1 ? {} : { expirationDate: cookie.expires }),
    sameSite:
      cookie.sameSite === 'Strict'
        ? 'strict'
        : cookie.sameSite === 'Lax'
          ? 'lax'
          : 'no_restriction',
  };
}
const cookieKey = (c: PlaywrightCookie) => `${c.name}\u0000${c.domain}\u0000${c.path}`;

/**
 * https://www.electronjs.org/docs/latest/api/cookies — `changed` reflects what the pages really
 * set: the jar is read again after every response of the session and on a short clock.
 */
export class DoubleCookies extends EventEmitter {
  private known = new Map<string, PlaywrightCookie>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly context: () => Promise<BrowserContext>) {
    super();
    this.on('newListener', (event: string) => {
      if (event === 'changed' && this.timer === undefined) {
        this.timer = setInterval(() => void this.sync(), 100);
        this.timer.unref();
      }
    });
    return strict('Cookies', this);
  }
  async get(filter: { name?: string; domain?: string; url?: string } = {}) {
    const context = await this.context();
    const all = await context.cookies(filter.url === undefined ? [] : [filter.url]);
    return all
      .filter(
        (c) =>
          (filter.name === undefined || c.name === filter.name) &&
          (filter.domain === undefined ||
            c.domain.replace(/^\./, '').endsWith(filter.domain.replace(/^\./, ''))),
      )
      .map(electronCookie);
  }
  /** Diffs the jar against the last reading and emits `changed` for each difference. */
  async sync(): Promise<void> {
    let context: BrowserContext;
    try {
      context = await this.context();
    } catch {
      return;
    }
    let cookies: PlaywrightCookie[];
    try {
      cookies = await context.cookies();
    } catch {
      return; // the context is closing
    }
    const next = new Map(cookies.map((c) => [cookieKey(c), c]));
    for (const [key, cookie] of this.known) {
      if (!next.has(key))
        this.emit('changed', createEvent(), electronCookie(cookie), 'explicit', true);
    }
    for (const [key, cookie] of next) {
      const before = this.known.get(key);
      if (before === undefined || before.value !== cookie.value) {
        if (before !== undefined)
          this.emit('changed', createEvent(), electronCookie(before), 'overwrite', true);
        this.emit('changed', createEvent(), electronCookie(cookie), 'explicit', false);
      }
    }
    this.known = next;
  }
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string; isMainFrame: boolean },
) => void;
type PermissionCheckHandler = (
  contents: unknown,
  permission: string,
  requestingOrigin: string,
  details: { requestingUrl?: string; isMainFrame: boolean },
) => boolean;

/**
 * Chromium's permissions a page can ask for, as Electron names them and as Playwright grants
 * them. Chromium gives Playwright no hook at request time, so the double asks our handler for
 * each of these when a page of the session commits a document and grants only what it allows:
 * a handler that allowed one would let the page have it, and a test would see that.
 */
const PERMISSIONS: ReadonlyArray<[electron: string, playwright: string[]]> = [
  ['geolocation', ['geolocation']],
  ['notifications', ['notifications']],
  ['media', ['camera', 'microphone']],
  ['clipboard-read', ['clipboard-read']],
  ['clipboard-sanitized-write', ['clipboard-write']],
  ['midiSysex', ['midi-sysex']],
];

export class DoubleSession extends EventEmitter {
  readonly cookies: DoubleCookies;
  readonly protocol: DoubleProtocol | undefined;
  readonly webRequest: {
    onHeadersReceived(filterOrListener: unknown, listener?: HeadersListener | null): void;
  };
  /** Permission decisions our handlers made, for tests: [permission, url, granted]. */
  readonly permissionLog: Array<{ permission: string; url: string; granted: boolean }> = [];
  private requestHandler: PermissionRequestHandler | undefined;
  private checkHandler: PermissionCheckHandler | undefined;
  private headersListener: { urls: string[]; listener: HeadersListener } | undefined;
  private contextPromise: Promise<BrowserContext> | undefined;
  private navigation: NavigationHooks | undefined;

  constructor(
    private readonly launch: Launch,
    readonly partition: string,
    protocol: DoubleProtocol | undefined,
  ) {
    super();
    this.protocol = protocol;
    this.cookies = new DoubleCookies(() => this.context());
    this.webRequest = strict('WebRequest', {
      onHeadersReceived: (filterOrListener: unknown, maybeListener?: HeadersListener | null) => {
        const listener = (maybeListener ?? filterOrListener) as HeadersListener | null;
        const urls =
          maybeListener === undefined
            ? ['<all_urls>']
            : ((filterOrListener as { urls?: string[] }).urls ?? ['<all_urls>']);
        this.headersListener = listener === null ? undefined : { urls, listener };
      },
    });
    return strict('Session', this);
  }

  setNavigationHooks(hooks: NavigationHooks): void {
    this.navigation = hooks;
  }

  /** The session's browser context, created on first use. */
  context(): Promise<BrowserContext> {
    this.contextPromise ??= this.launch.options.browser.newContext().then(async (context) => {
      await context.route('**/*', (route) => this.route(route));
      context.on('response', () => void this.cookies.sync());
      return context;
    });
    return this.contextPromise;
  }

  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.requestHandler = handler ?? undefined;
  }
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    this.checkHandler = handler ?? undefined;
  }

  /** Asks our handlers about every permission for a page's new document (see PERMISSIONS). */
  async decidePermissions(contents: unknown, url: string, isMainFrame: boolean): Promise<void> {
    const context = await this.context();
    await context.clearPermissions();
    const origin = new URL(url).origin;
    const appUrl = toAppUrl(url);
    const granted: string[] = [];
    for (const [permission, names] of PERMISSIONS) {
      const allowed = await new Promise<boolean>((resolve) => {
        if (this.requestHandler === undefined) {
          // Electron's default without a handler is to grant: our code must always set one.
          resolve(true);
          return;
        }
        this.requestHandler(contents, permission, resolve, { requestingUrl: appUrl, isMainFrame });
      });
      const checked =
        this.checkHandler?.(contents, permission, appUrl, { requestingUrl: appUrl, isMainFrame }) ??
        true;
      this.permissionLog.push({ permission, url: appUrl, granted: allowed && checked });
      if (allowed && checked) granted.push(...names);
    }
    if (granted.length > 0) await context.grantPermissions(granted, { origin });
  }

  /** https://www.electronjs.org/docs/latest/api/session#sesclearstoragedataoptions */
  async clearStorageData(options: { storages?: string[] } = {}): Promise<void> {
    const storages = options.storages;
    if (storages !== undefined && storages.some((s) => s !== 'cookies')) {
      unsupported(`session.clearStorageData({ storages: ${JSON.stringify(storages)} })`);
    }
    if (this.contextPromise === undefined) return;
    const context = await this.contextPromise;
    await context.clearCookies();
    if (storages === undefined) {
      // Everything: local storage and the rest go with the pages' origins.
      for (const page of context.pages()) {
        await page.evaluate('localStorage.clear(); sessionStorage.clear();').catch(() => {});
      }
    }
    await this.cookies.sync();
  }
  async clearCache(): Promise<void> {}
  async clearAuthCache(): Promise<void> {}

  async close(): Promise<void> {
    this.cookies.stop();
    if (this.contextPromise !== undefined)
      await (await this.contextPromise).close().catch(() => {});
  }

  private async route(route: Route): Promise<void> {
    try {
      await this.routeChecked(route);
    } catch (error) {
      // A page or context that closed mid-request is not a failure of our code.
      if (!/closed|Target|disposed/i.test(String(error))) this.launch.errors.push(error);
    }
  }

  private async routeChecked(route: Route): Promise<void> {
    const request = route.request();
    const url = request.url();
    const parsed = new URL(url);
    let frame: ReturnType<typeof request.frame>;
    try {
      frame = request.frame();
    } catch {
      // A popup's first navigation comes before its frame exists: no page of ours asked for it.
      // The opener's setWindowOpenHandler decides about it (windows.ts); here it goes nowhere.
      this.navigation?.popupRequested(url);
      await route.abort('aborted');
      return;
    }
    const contents = this.navigation?.contentsOf(route);
    const appUrl = toAppUrl(url);
    const isMainFrameNavigation = request.isNavigationRequest() && frame.parentFrame() === null;

    if (request.isNavigationRequest() && contents !== undefined) {
      const redirected = contents.takeRedirect(url);
      if (!redirected && !contents.takeProgrammaticLoad(url) && isMainFrameNavigation) {
        // https://www.electronjs.org/docs/latest/api/web-contents#event-will-navigate — not for
        // loadURL, emitted before the request; preventDefault cancels the navigation.
        const event = createEvent({ url: appUrl, isMainFrame: true, isSameDocument: false });
        contents.emit('will-navigate', event, appUrl);
        if (event.defaultPrevented) {
          await route.abort('aborted');
          return;
        }
      }
      contents.didStartNavigation(appUrl, isMainFrameNavigation);
    }

    if (url.startsWith(`${APP_PROXY_ORIGIN}/`)) {
      await this.serveApp(route, appUrl);
      return;
    }
    if (
      !LOOPBACK.has(parsed.hostname) ||
      (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    ) {
      // Tests never send traffic off this machine.
      await route.abort('blockedbyclient');
      return;
    }
    if (isMainFrameNavigation && contents !== undefined) {
      // Redirects of a navigation are seen one hop at a time, for will-redirect.
      const response = await route.fetch({ maxRedirects: 0 });
      const location = response.headers()['location'];
      if (response.status() >= 300 && response.status() < 400 && location !== undefined) {
        const target = new URL(location, url).href;
        const event = createEvent({
          url: toAppUrl(target),
          isMainFrame: true,
          isSameDocument: false,
        });
        contents.emit('will-redirect', event, toAppUrl(target));
        if (event.defaultPrevented) {
          await route.abort('aborted');
          return;
        }
        contents.expectRedirect(target);
      }
      await this.fulfillThroughHeaders(route, response, url);
      return;
    }
    if (this.headersListener !== undefined) {
      const response = await route.fetch();
      await this.fulfillThroughHeaders(route, response, url);
      return;
    }
    await route.continue();
  }

  /** The page asked for app://assistant/…: our protocol.handle handler answers it. */
  private async serveApp(route: Route, appUrl: string): Promise<void> {
    const handler = this.protocol?.handlerFor('app');
    if (handler === undefined) {
      // No handler (or a partition, which has its own empty protocol registry): Chromium fails
      // the load as an unknown scheme.
      await route.abort('failed');
      return;
    }
    const request = route.request();
    const body = request.postDataBuffer();
    const response = await handler(
      new Request(appUrl, {
        method: request.method(),
        headers: Object.fromEntries(
          Object.entries(request.headers()).filter(([k]) => !k.startsWith(':')),
        ),
        ...(body === null || request.method() === 'GET' || request.method() === 'HEAD'
          ? {}
          : { body }),
      }),
    );
    if (!(response instanceof Response))
      throw new TypeError('protocol.handle handler must return a Response');
    const headers: Array<{ name: string; value: string }> = [];
    response.headers.forEach((value, name) => headers.push({ name, value }));
    await route.fulfill({
      status: response.status,
      headers: this.applyHeaders(appUrl, request.method(), response.status, headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  }

  /** The fetched response, its headers passed through onHeadersReceived as Electron does. */
  private async fulfillThroughHeaders(
    route: Route,
    response: APIResponse,
    url: string,
  ): Promise<void> {
    const headers = this.applyHeaders(
      url,
      route.request().method(),
      response.status(),
      response.headersArray(),
    );
    await route.fulfill({ response, headers });
  }

  private applyHeaders(
    url: string,
    method: string,
    statusCode: number,
    headers: Array<{ name: string; value: string }>,
  ): Record<string, string> {
    const responseHeaders: Record<string, string[]> = {};
    for (const { name, value } of headers) (responseHeaders[name] ??= []).push(value);
    const current = this.headersListener;
    let result = responseHeaders;
    if (current !== undefined && matchesFilter(url, current.urls)) {
      current.listener({ url, method, statusCode, responseHeaders }, (answer) => {
        if (answer.cancel === true) unsupported('webRequest.onHeadersReceived cancel');
        if (answer.responseHeaders !== undefined) {
          result = Object.fromEntries(
            Object.entries(answer.responseHeaders).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]),
          );
        }
      });
    }
    // Playwright wants one value per name; Set-Cookie lines are joined by newlines as it expects.
    return Object.fromEntries(
      Object.entries(result).map(([k, v]) => [
        k,
        k.toLowerCase() === 'set-cookie' ? v.join('\n') : v.join(', '),
      ]),
    );
  }
}

/** Electron URL patterns: <all_urls> or scheme://host/path with `*` wildcards. */
function matchesFilter(url: string, patterns: string[]): boolean {
  return patterns.some((pattern) => {
    if (pattern === '<all_urls>') return true;
    const regex = new RegExp(
      `^${pattern
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
        .join('.*')}$`,
    );
    return regex.test(url);
  });
}
