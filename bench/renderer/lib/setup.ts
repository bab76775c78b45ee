// Everything the renderer bench runs against, started in this process and stopped in reverse
// order whatever happens: the demo service (instant pacing, no quotas), the proxy in front of it,
// browser mode (the real core and web host, configured with the proxy as its service), Chromium
// with one context for the app and one for the minimal page (its cookie set for the proxy).
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { SESSION_COOKIE, startDemoService } from '../../../electron/demo-service';
import type { DemoService } from '../../../electron/demo-service';
import { startBrowserMode } from '../../../electron/web/browser-mode';
import type { BrowserMode } from '../../../electron/web/browser-mode';
import { VIEWPORT, installProbe, launchChromium } from './browser';
import type { PageScripts } from './page-scripts';
import { startProxy } from './proxy';
import type { BenchProxy } from './proxy';

export interface Side {
  page: Page;
  cdp: CDPSession;
}

export interface Setup {
  demo: DemoService;
  proxy: BenchProxy;
  mode: BrowserMode;
  browser: Browser;
  app: Side;
  minimal: Side;
  scripts: PageScripts;
  /** Stops everything started so far; safe to call twice. */
  stop(): Promise<void>;
}

async function side(context: BrowserContext): Promise<Side> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { page, cdp };
}

export async function startSetup(scripts: PageScripts): Promise<Setup> {
  const stops: Array<() => Promise<unknown>> = [];
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      for (const step of stops.reverse()) {
        await step().catch((error: unknown) => console.error('  (cleanup step failed)', error));
      }
    })();
    return stopping;
  };

  try {
    const base = await mkdtemp(join(tmpdir(), 'assistant-bench-renderer-'));
    stops.push(() => rm(base, { recursive: true, force: true }));
    const dataDir = join(base, 'data');
    await mkdir(dataDir);
    // A private copy: another process rebuilding out/renderer meanwhile (tests call vite build
    // when sources changed) would otherwise delete the chunks the page loads lazily.
    const rendererDir = join(base, 'renderer');
    await cp(join(process.cwd(), 'out', 'renderer'), rendererDir, { recursive: true });
    const demo = await startDemoService({
      pacing: 'instant',
      limits: { requests: null, runs: null, tokens: null },
    });
    stops.push(() => demo.stop());
    const proxy = await startProxy({ upstreamOrigin: demo.origin, minimalScript: scripts.minimal });
    stops.push(() => proxy.stop());
    const mode = await startBrowserMode({
      port: 0,
      dataDir,
      rendererDir,
      baseUrl: proxy.baseUrl,
      token: demo.token,
      scheduler: false,
    });
    stops.push(() => mode.stop());
    const browser = await launchChromium();
    stops.push(() => browser.close());

    const appContext = await browser.newContext({ viewport: VIEWPORT });
    const app = await side(appContext);
    const minimalContext = await browser.newContext({ viewport: VIEWPORT });
    await minimalContext.addCookies([
      {
        name: SESSION_COOKIE,
        value: demo.token,
        url: proxy.origin,
        httpOnly: true,
        sameSite: 'Strict',
      },
    ]);
    const minimal = await side(minimalContext);
    await minimal.page.goto(`${proxy.origin}/minimal.html`);
    await installProbe(minimal.page, scripts.probe);

    return { demo, proxy, mode, browser, app, minimal, scripts, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
