// Launches the packaged app and checks its first window, the way a salesperson first sees it.
//
// Playwright's `_electron.launch` cannot drive a packaged build of ours: it talks to the main
// process through Node's inspector (`--inspect`), which the `enableNodeCliInspectArguments: false`
// fuse switches off at packaging (electron-builder.yml), so it waits until its timeout. The
// renderer side stays reachable: Chromium's own `--remote-debugging-port` is not a Node switch, so
// the app is started with it and Playwright attaches to the window over the DevTools protocol.
// The check therefore runs against the very binary we ship, fuses and all.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { checkCompanionRegistration } from './companion';
import { packagedExecutable } from './locate';
import { originOf, type LaunchOptions } from './options';

/** What the first window must show once the renderer has painted the demo service's briefing. */
export const BRIEFING_TEXT = { heading: 'Morning briefing', greeting: /Good morning/ } as const;

/** Chromium prints this on stderr once `--remote-debugging-port` listens. */
const DEVTOOLS_LINE = /DevTools listening on (ws:\/\/\S+)/;

/** How long the app gets to quit on SIGTERM before it is killed. */
const QUIT_GRACE_MS = 10_000;

/** Attaching to the endpoint is not what is checked: it gets its own, generous time. */
const ATTACH_TIMEOUT_MS = 30_000;

/** How many of the app's last output lines a failure shows. */
const OUTPUT_LINES_KEPT = 40;

export class LaunchFailure extends Error {
  override name = 'LaunchFailure';
  constructor(
    message: string,
    /** The app's last lines of stdout and stderr, oldest first. */
    readonly output: readonly string[] = [],
  ) {
    super(message);
  }
}

export interface LaunchReport {
  executable: string;
  url: string;
  /** Milliseconds from spawn to each milestone. */
  windowAfterMs: number;
  briefingAfterMs: number;
  /** Uncaught errors the page reported while it was watched (printed, not fatal). */
  pageErrors: string[];
  /** With --expect-companion: what the browser companion's registration was found to be. */
  companion?: string[];
}

/** The DevTools endpoint from Chromium's announcement on stderr, if `text` holds it. */
export function devToolsEndpoint(text: string): string | undefined {
  return DEVTOOLS_LINE.exec(text)?.[1];
}

function describeMissing(executable: string, releaseDir: string): string {
  if (!existsSync(releaseDir)) {
    return `The release folder ${releaseDir} does not exist: run electron-builder first (npm run dist).`;
  }
  const entries = readdirSync(releaseDir).sort();
  return (
    `The packaged app is not where electron-builder leaves it: ${executable} does not exist. ` +
    `${releaseDir} holds: ${entries.length > 0 ? entries.join(', ') : 'nothing'}.`
  );
}

/** The last lines a process printed, both streams, kept for a failure message. */
class OutputTail {
  readonly lines: string[] = [];
  private partial = new Map<string, string>();

  push(stream: string, chunk: string): void {
    const text = (this.partial.get(stream) ?? '') + chunk;
    const parts = text.split(/\r?\n/);
    this.partial.set(stream, parts.pop() ?? '');
    for (const line of parts) {
      this.lines.push(line);
      if (this.lines.length > OUTPUT_LINES_KEPT) this.lines.shift();
    }
  }

  snapshot(): string[] {
    const pending = [...this.partial.values()].filter((line) => line !== '');
    return [...this.lines, ...pending].slice(-OUTPUT_LINES_KEPT);
  }
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

function describeExit(exit: Exit): string {
  return exit.signal !== null ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

/**
 * A wait that does not keep the process alive: every wait here races the app's process, which
 * does, and a pending timeout must not hold the script for a minute after its verdict.
 */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** The app process, its output and its exit, watched from spawn on. */
class AppProcess {
  readonly tail = new OutputTail();
  readonly exited: Promise<Exit>;
  exit: Exit | undefined;
  private readonly child: ChildProcess;
  private stderrSeen = '';
  private endpointWaiters: ((endpoint: string) => void)[] = [];
  endpoint: string | undefined;

  constructor(executable: string, args: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(executable, args, {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group on POSIX, so a hung app is killed with every helper it started.
      detached: process.platform !== 'win32',
      windowsHide: false,
    });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      this.tail.push('stdout', chunk);
    });
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.tail.push('stderr', chunk);
      if (this.endpoint !== undefined) return;
      this.stderrSeen = (this.stderrSeen + chunk).slice(-4096);
      const endpoint = devToolsEndpoint(this.stderrSeen);
      if (endpoint === undefined) return;
      this.endpoint = endpoint;
      for (const waiter of this.endpointWaiters) waiter(endpoint);
      this.endpointWaiters = [];
    });
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error) => {
        this.exit = { code: null, signal: null };
        this.tail.push('spawn', `${error.message}\n`);
        resolve(this.exit);
      });
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
  }

  /** Resolves with the DevTools endpoint; fails if the app exits or stays silent too long. */
  async devTools(timeoutMs: number): Promise<string> {
    const endpoint = new Promise<string>((resolve) => {
      if (this.endpoint !== undefined) resolve(this.endpoint);
      else this.endpointWaiters.push(resolve);
    });
    const result = await Promise.race([
      endpoint,
      this.exited.then((exit) => ({ exit })),
      delay(timeoutMs).then(() => 'timeout' as const),
    ]);
    if (typeof result === 'object') {
      throw new LaunchFailure(
        `The app ${describeExit(result.exit)} before it opened its DevTools endpoint: it did not start.`,
        this.tail.snapshot(),
      );
    }
    if (result === 'timeout') {
      throw new LaunchFailure(
        `The app did not announce a DevTools endpoint within ${timeoutMs / 1000} s (no "DevTools listening on" line on stderr).`,
        this.tail.snapshot(),
      );
    }
    return result;
  }

  /** Asks the app to quit (SIGTERM; Electron quits cleanly on it), then kills it if it hangs. */
  async stop(): Promise<void> {
    if (this.exit !== undefined) return;
    if (process.platform === 'win32') {
      // No signals on Windows: end the whole tree (the app and its Chromium helpers).
      spawn('taskkill', ['/pid', String(this.child.pid), '/T', '/F'], { stdio: 'ignore' });
    } else {
      this.child.kill('SIGTERM');
    }
    const ended = await Promise.race([this.exited, delay(QUIT_GRACE_MS).then(() => undefined)]);
    if (ended === undefined && this.child.pid !== undefined) {
      console.warn(`The app did not quit within ${QUIT_GRACE_MS / 1000} s of SIGTERM: killing it.`);
      try {
        process.kill(process.platform === 'win32' ? this.child.pid : -this.child.pid, 'SIGKILL');
      } catch {
        // Already gone between the check and the kill.
      }
      await this.exited;
    }
  }
}

/** The first page on `origin`, waiting for the window to open and load. */
async function firstWindow(
  browser: Browser,
  app: AppProcess,
  origin: string,
  timeoutMs: number,
): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  while (Date.now() < deadline) {
    for (const page of browser.contexts().flatMap((context) => context.pages())) {
      const url = page.url();
      seen.add(url);
      let pageOrigin: string | undefined;
      try {
        pageOrigin = originOf(new URL(url));
      } catch {
        pageOrigin = undefined;
      }
      if (pageOrigin === origin) return page;
    }
    if (app.exit !== undefined) {
      throw new LaunchFailure(
        `The app ${describeExit(app.exit)} before its window opened on ${origin}.`,
        app.tail.snapshot(),
      );
    }
    await delay(200);
  }
  const urls = [...seen].filter((url) => url !== '');
  throw new LaunchFailure(
    `No window opened on ${origin} within ${timeoutMs / 1000} s` +
      (urls.length > 0
        ? `; the app showed only: ${urls.join(', ')}.`
        : '; the app opened no window.'),
    app.tail.snapshot(),
  );
}

interface BridgeShape {
  keys: string[];
  invoke: string;
  on: string;
  require: string;
  process: string;
}

/** `window.assistant` must be exactly the preload's { invoke, on }, and Node must stay out. */
export async function checkBridge(page: Page): Promise<void> {
  const shape = await page.evaluate((): BridgeShape => {
    const assistant: unknown = Reflect.get(globalThis, 'assistant');
    const object = typeof assistant === 'object' && assistant !== null ? assistant : undefined;
    return {
      keys: object === undefined ? [] : Object.keys(object).sort(),
      invoke: typeof (object === undefined ? undefined : Reflect.get(object, 'invoke')),
      on: typeof (object === undefined ? undefined : Reflect.get(object, 'on')),
      require: typeof Reflect.get(globalThis, 'require'),
      process: typeof Reflect.get(globalThis, 'process'),
    };
  });
  const problems: string[] = [];
  if (shape.keys.length === 0) {
    problems.push('window.assistant is missing: the preload did not run or exposed nothing');
  } else if (shape.keys.join(',') !== 'invoke,on') {
    problems.push(
      `window.assistant has { ${shape.keys.join(', ')} }, expected exactly { invoke, on }`,
    );
  } else if (shape.invoke !== 'function' || shape.on !== 'function') {
    problems.push(
      `window.assistant.invoke is a ${shape.invoke} and .on a ${shape.on}, not functions`,
    );
  }
  if (shape.require !== 'undefined') problems.push(`the page sees require (a ${shape.require})`);
  if (shape.process !== 'undefined') problems.push(`the page sees process (a ${shape.process})`);
  if (problems.length > 0)
    throw new LaunchFailure(`The first window's bridge is wrong: ${problems.join('; ')}.`);
}

/** Waits until the renderer has painted today's briefing from the embedded demo service. */
export async function waitForBriefing(page: Page, timeoutMs: number): Promise<void> {
  try {
    await page
      .getByText(BRIEFING_TEXT.heading)
      .first()
      .waitFor({ state: 'visible', timeout: timeoutMs });
    await page
      .getByText(BRIEFING_TEXT.greeting)
      .first()
      .waitFor({ state: 'visible', timeout: timeoutMs });
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText({ timeout: 5000 })
      .catch(() => '(the page could not be read)');
    const excerpt = shown.replace(/\s+/g, ' ').trim().slice(0, 400);
    throw new LaunchFailure(
      `The first window did not show today's briefing ("${BRIEFING_TEXT.heading}" and a greeting) ` +
        `within ${timeoutMs / 1000} s. It shows: ${excerpt === '' ? '(nothing)' : `"${excerpt}"`}. ` +
        `(${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
}

export async function launchPackagedApp(options: LaunchOptions): Promise<LaunchReport> {
  const releaseDir = path.resolve(options.releaseDir);
  const executable =
    options.executable !== undefined
      ? path.resolve(options.executable)
      : packagedExecutable(releaseDir, process.platform, options.arch);
  if (!existsSync(executable)) {
    throw new LaunchFailure(
      options.executable !== undefined
        ? `--executable ${executable} does not exist.`
        : describeMissing(executable, releaseDir),
    );
  }

  const userData = await mkdtemp(path.join(tmpdir(), 'assistant-launch-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // A profile of its own: nothing from an earlier run on this machine, nothing left behind.
    ASSISTANT_USER_DATA_DIR: userData,
    // A launch check never asks an update feed.
    ASSISTANT_UPDATES: 'off',
    // The browser companion's launch file (and Windows manifest) go to the check's own folder.
    ASSISTANT_COMPANION_DIR: path.join(userData, 'companion'),
  };
  delete env.ELECTRON_RUN_AS_NODE;
  const args = [
    '--remote-debugging-port=0',
    // Chromium refuses to start its sandbox as root (containers); users never run it so.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ...options.appArgs,
  ];

  const started = Date.now();
  const app = new AppProcess(executable, args, env);
  let browser: Browser | undefined;
  let page: Page | undefined;
  const pageErrors: string[] = [];
  try {
    const endpoint = await app.devTools(options.timeoutMs);
    try {
      // noDefaults: attach without changing the app's own settings (downloads, emulation).
      browser = await chromium.connectOverCDP(endpoint, {
        noDefaults: true,
        isLocal: true,
        timeout: ATTACH_TIMEOUT_MS,
      });
    } catch (error) {
      throw new LaunchFailure(
        `Could not attach to the app's DevTools endpoint ${endpoint}: ${error instanceof Error ? error.message : String(error)}`,
        app.tail.snapshot(),
      );
    }
    page = await firstWindow(browser, app, options.expectOrigin, options.timeoutMs);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const windowAfterMs = Date.now() - started;
    await page.waitForLoadState('domcontentloaded', { timeout: options.timeoutMs });
    await checkBridge(page);
    await waitForBriefing(page, options.timeoutMs);
    const briefingAfterMs = Date.now() - started;
    const companion = options.expectCompanion
      ? await checkCompanionRegistration(
          path.join(userData, 'companion'),
          executable,
          process.platform,
          options.timeoutMs,
        ).catch((error: unknown) => {
          throw new LaunchFailure(
            `The browser companion's registration: ${error instanceof Error ? error.message : String(error)}`,
          );
        })
      : undefined;
    return {
      executable,
      url: page.url(),
      windowAfterMs,
      briefingAfterMs,
      pageErrors,
      ...(companion === undefined ? {} : { companion }),
    };
  } catch (error) {
    if (error instanceof LaunchFailure && error.output.length === 0) {
      throw new LaunchFailure(error.message, app.tail.snapshot());
    }
    throw error;
  } finally {
    if (page !== undefined && options.screenshot !== undefined) {
      await page
        .screenshot({ path: path.resolve(options.screenshot) })
        .catch((error: unknown) => console.warn(`No screenshot: ${String(error)}`));
    }
    await browser?.close().catch(() => undefined);
    await app.stop();
    await rm(userData, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
  }
}
