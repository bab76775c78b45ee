// The app driver for browser tests: starts the demo service and browser mode in this process
// (so a test can steer the service and see the backend's events), opens the app in a page, and
// waits on app state (events, visible text), never on sleeps.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { EventName, EventPayload } from '../../../electron/contract';
import {
  startDemoService,
  type DemoService,
  type DemoServiceOptions,
} from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { TEST_IDS_ENV } from '../../integration/companion/extension-port';
import { testSocketPath } from '../../support/socket-path';

export interface AppOptions {
  /** Reuse a data directory (e.g. to start again from a warm cache); a fresh one by default. */
  dataDir?: string;
  /** Demo service options; realtime pacing by default, as a user sees it. */
  demo?: DemoServiceOptions;
  /** Run the notification scheduler (off by default so toasts appear only when a test asks). */
  scheduler?: boolean;
  /** Start browser mode without a session (the demo's own is not adopted). */
  signedOut?: boolean;
  /** The backend's and the demo service's clock, for tests that drive time. */
  now?: () => Date;
  /** Settings to start with (written as the data directory's settings file). */
  settings?: Record<string, unknown>;
  /**
   * How browser mode is told the service: `pinned` (default) as ASSISTANT_BASE_URL does;
   * `settings` as the user's saved Service address, so Settings can change it.
   */
  service?: 'pinned' | 'settings';
  /** Serve the browser companion, its socket and folder inside the data directory's folder. */
  companion?: boolean;
}

export interface RunningApp {
  /** The address the host printed (it carries the host secret in its fragment). */
  url: string;
  demo: DemoService;
  mode: BrowserMode;
  dataDir: string;
  /** Where a relay finds this app's companion socket (ASSISTANT_COMPANION_SOCKET and _DIR). */
  companionEnv: Record<string, string>;
  /** Every session token handed out so far (the demo's own, and those from newSessionToken). */
  readonly tokens: readonly string[];
  /**
   * A new valid session token from the demo service for the same user: it sees the runs of the
   * demo's own session (recorded in `tokens`).
   */
  newSessionToken(): string;
  /** Resolves with the next backend event of that name that satisfies `test`. */
  nextEvent<E extends EventName>(
    name: E,
    test?: (payload: EventPayload<E>) => boolean,
    timeoutMs?: number,
  ): Promise<EventPayload<E>>;
  /** Opens the app in `page` and waits until the renderer has mounted. */
  open(page: Page, hash?: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startApp(options: AppOptions = {}): Promise<RunningApp> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'assistant-e2e-')));
  if (options.settings !== undefined) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify(options.settings));
  }
  const demo = await startDemoService({
    pacing: 'realtime',
    ...(options.now === undefined ? {} : { clock: options.now }),
    ...options.demo,
  });
  const tokens: string[] = [demo.token];
  // Beside the data directory, not in it: a Unix socket's path must stay short.
  const companionEnv = {
    ASSISTANT_COMPANION_SOCKET: testSocketPath(`${dataDir}-run`, 'companion'),
    ASSISTANT_COMPANION_DIR: `${dataDir}-companion`,
    ASSISTANT_RELAY_WAIT_MS: '0',
    // The made-up extension ids the specs connect as, let in beside the development one.
    ...TEST_IDS_ENV,
  };
  const pinned = (options.service ?? 'pinned') === 'pinned';
  let mode: BrowserMode;
  try {
    if (!pinned) {
      await writeFile(
        join(dataDir, 'settings.json'),
        JSON.stringify({ ...options.settings, serviceBaseUrl: demo.baseUrl }),
      );
    }
    mode = await startBrowserMode({
      port: 0,
      dataDir,
      rendererDir: join(process.cwd(), 'out', 'renderer'),
      ...(pinned ? { baseUrl: demo.baseUrl } : {}),
      ...(options.signedOut ? {} : { token: demo.token }),
      scheduler: options.scheduler ?? false,
      ...(options.now === undefined ? {} : { backend: { now: options.now } }),
      ...(options.companion === true ? { companion: { env: companionEnv } } : {}),
    });
  } catch (error) {
    await demo.stop();
    throw error;
  }

  return {
    url: mode.url,
    demo,
    mode,
    dataDir,
    companionEnv,
    tokens,
    newSessionToken() {
      // The same user signing in again: the demo service shows a session only its own runs.
      const token = demo.control.createSession({ renews: demo.token });
      tokens.push(token);
      return token;
    },
    nextEvent(name, test = () => true, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`No "${name}" event within ${timeoutMs} ms`));
        }, timeoutMs);
        const stop = mode.backend.events.subscribe((eventName, payload) => {
          if ((eventName as EventName) !== name) return;
          const typed = payload as unknown as EventPayload<typeof name>;
          if (!test(typed)) return;
          clearTimeout(timer);
          stop();
          resolve(typed);
        });
      });
    },
    async open(page, hash = '') {
      // The address the host prints: its secret travels in the fragment, with the route.
      await page.goto(mode.urlFor(hash));
      await page.locator('#root > *').first().waitFor();
    },
    async stop() {
      await mode.stop();
      await demo.stop();
      if (ownDir) await rm(dataDir, { recursive: true, force: true });
      if (options.companion === true) {
        await rm(`${dataDir}-run`, { recursive: true, force: true });
        await rm(`${dataDir}-companion`, { recursive: true, force: true });
      }
    },
  };
}
