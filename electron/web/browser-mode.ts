// Browser mode put together: the embedded demo service when no service is configured, the same
// backend as the Electron app (with a memory-only session), and the web host in front of it.
import { osPolicyReader } from '../companion/registration/os-policies';
import { policySources } from '../core/policy/policy-sources';
import { coreWords } from '../core/i18n/words';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startDemoService, type DemoService, type DemoServiceOptions } from '../demo-service';
import { APP_VERSION } from '../core/api/headers';
import { createBackend, type Backend, type BackendOptions } from '../core/backend';
import { startCompanionFollowingSetting } from '../companion';
import { createFocusTracker } from '../core/host';
import { createLogger, type RootLogger } from '../core/logs/logger';
import { createMemorySecretStore } from '../core/session/secret-store';
import { ensurePrivateDataDir } from '../core/storage/private-files';
import { startWebHost } from './host';
import { createPageOpener } from './open-page';
import { browserModeShowInApp } from './show-in-app';

export interface BrowserModeOptions {
  /** 0 picks a free port. */
  port?: number;
  /** The checkout browser mode runs from (its relay's build); default the working directory. */
  projectDir?: string;
  /** The built renderer; default out/renderer under projectDir. */
  rendererDir?: string;
  /** Settings, cache, transcripts and logs of this browser-mode instance. */
  dataDir: string;
  /** `ASSISTANT_BASE_URL`: the service to use instead of the embedded demo service. */
  baseUrl?: string;
  /** `ASSISTANT_SESSION_TOKEN`: a session to start with (kept in memory only). */
  token?: string;
  /** Options of the embedded demo service (when no baseUrl). */
  demo?: DemoServiceOptions;
  /** Run the notification scheduler (default true). */
  scheduler?: boolean;
  /** Print log lines to stderr too. */
  logToConsole?: boolean;
  log?: RootLogger;
  /**
   * Serve the browser companion on the per-user socket (`npm run web` does); with `env`, the
   * places come from it instead of the process's (tests: a socket in a temporary folder).
   */
  companion?: boolean | { env: Readonly<Record<string, string | undefined>> };
  /**
   * Opens browser mode's address in the default browser when "Open in Assistant" finds no page
   * open (default: ./open-page.ts; tests give their own).
   */
  openPage?: (url: string) => Promise<void>;
  /** Tuning passed to the backend (tests). */
  backend?: Pick<BackendOptions, 'runs' | 'cacheFreshForMs' | 'now' | 'policies'>;
}

export interface BrowserMode {
  /** The address to open, carrying the per-start secret in its fragment (print it, never log it). */
  url: string;
  /** `http://127.0.0.1:<port>`, without the secret. */
  origin: string;
  /** The address to open on a route (`#/deals`), with the secret. */
  urlFor(route: string): string;
  port: number;
  backend: Backend;
  log: RootLogger;
  /** The in-process demo service, when browser mode started one. */
  demo: DemoService | undefined;
  /** Whether any open page has focus: finished runs are notified only while none has. */
  isWindowFocused(): boolean;
  stop(): Promise<void>;
}

/** IT's policies as this OS keeps them; browser mode runs from the project (npm run web). */
function browserModePolicies(projectDir: string) {
  return policySources({
    platform: process.platform,
    env: process.env,
    // The relay is cargo's build.
    osReader: osPolicyReader({
      platform: process.platform,
      env: process.env,
      execPath: process.execPath,
      install: { packaged: false, appPath: projectDir },
    }),
  });
}

export async function startBrowserMode(options: BrowserModeOptions): Promise<BrowserMode> {
  // Refused before anything is written when another user could plant links or files in it.
  await ensurePrivateDataDir(options.dataDir);
  const log =
    options.log ??
    createLogger({
      filePath: join(options.dataDir, 'logs', 'main.log'),
      console: options.logToConsole ?? false,
    });
  let demo: DemoService | undefined;
  // Each open page (tab) reports its focus; the app is looked at while any page is focused.
  const focus = createFocusTracker();
  // With no page open, notifications wait in the inbox for the next one (it catches up).
  const pages = new Set<string>();
  const projectDir = options.projectDir ?? process.cwd();

  const backend = await createBackend({
    ...options.backend,
    dataDir: options.dataDir,
    hostKind: 'browser',
    appVersion: APP_VERSION,
    platform: process.platform,
    versions: { node: process.versions.node },
    secretStore: createMemorySecretStore(() => coreWords().t('desktop.session.browserMemoryOnly')),
    log,
    ...(options.baseUrl === undefined ? {} : { baseUrlOverride: options.baseUrl }),
    ...(options.token === undefined ? {} : { initialToken: options.token }),
    demoService: async () => {
      demo ??= await startDemoService({ pacing: 'realtime', ...options.demo });
      const { baseUrl, loginUrl, token, password } = demo;
      return { baseUrl, loginUrl, token, password };
    },
    scheduler: options.scheduler ?? true,
    policies: options.backend?.policies ?? browserModePolicies(projectDir),
    isWindowFocused: () => focus.anyFocused(),
    viewerPresent: () => pages.size > 0,
    showInApp: browserModeShowInApp({
      pagesOpen: () => pages.size > 0,
      emitNavigate: (target) => backend.events.emit('navigate', target),
      pageUrl: (route) => host.urlFor(route), // asked once the host serves pages
      openPage: options.openPage ?? createPageOpener(options.dataDir, process.platform),
    }),
    reportFocus: (focused, context) => {
      if (context.pageId !== undefined) focus.report(context.pageId, focused);
    },
  });

  // The page's key to the host: known to the log's redaction, so it never reaches the log.
  const secret = randomBytes(32).toString('hex');
  log.secrets.add(secret);
  let host: Awaited<ReturnType<typeof startWebHost>>;
  try {
    host = await startWebHost({
      backend,
      secret,
      rendererDir: options.rendererDir ?? join(projectDir, 'out', 'renderer'),
      port: options.port ?? 0,
      log: log.child('web'),
      onPageConnected: (pageId) => {
        pages.add(pageId);
        focus.connect(pageId);
      },
      onPageClosed: (pageId) => {
        pages.delete(pageId);
        focus.disconnect(pageId);
      },
    });
  } catch (error) {
    await backend.close();
    await demo?.stop();
    throw error;
  }

  const companion =
    options.companion === undefined || options.companion === false
      ? undefined
      : await startCompanionFollowingSetting({
          enabled: () => backend.settings().companion.enabled,
          backend,
          log,
          dataDir: options.dataDir,
          appVersion: APP_VERSION,
          // Browser mode runs from the sources (`npm run web`): never an installed app.
          buildKind: 'development',
          ...(options.companion === true ? {} : { env: options.companion.env }),
        });

  return {
    url: host.url,
    origin: host.origin,
    urlFor: host.urlFor,
    port: host.port,
    backend,
    log,
    demo,
    isWindowFocused: () => focus.anyFocused(),
    async stop() {
      await companion?.stop();
      await host.stop();
      await backend.close();
      await demo?.stop();
    },
  };
}
