// Cold start: a fresh browser context (no HTTP cache, no storage) opens browser mode's page, and
// the time from navigation start to the morning briefing painted is compared with two pages served
// by other browser-mode hosts of the same code, which ask their host for the same JSON over the
// same socket and render it. All hosts' caches are warm (a first load fetched the briefing), as on
// a morning after yesterday's use. "Painted": the `.briefing` element is in the page and one
// animation frame has passed.
// - The floor (./floor-briefing), the goal's reference: the least a page may do before a briefing
//   shows under the project's rules (the contract's check of the answer, its text lexed as
//   markdown), rendered as plain fields with React.
// - The minimal page (./minimal-briefing): the same without the rules' work, printed beside it.
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import type { Browser, Page } from '@playwright/test';
import { startDemoService } from '../../electron/demo-service';
import { launchChromium, VIEWPORT } from '../renderer/lib/browser';
import type { Report } from '../renderer/lib/report';
import { fmt, median, middleSpread, STEADY_MIDDLE_SPREAD } from '../renderer/lib/stats';
import { startBenchHost } from './host';

// 21 rounds rather than 15: with 15, the app's figure moved between one day's runs by more than
// the goal's margin (1.37-1.66x the floor).
const ROUNDS = 21;

/**
 * The floor page's script, built as the app is (Vite, with its tree-shaking of zod), into
 * `outDir/main.js`, which the minimal page's index.html loads.
 */
async function buildFloorScript(outDir: string): Promise<void> {
  await viteBuild({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: false,
      modulePreload: false,
      rollupOptions: {
        input: join(process.cwd(), 'bench', 'scale', 'floor-briefing', 'main.ts'),
        output: { format: 'es', entryFileNames: 'main.js' },
      },
    },
  });
}

export const PAINT_PROBE = `(() => {
  const seen = () => {
    if (!document.querySelector('.briefing')) return false;
    requestAnimationFrame(() => { window.__briefingPaintedAt = performance.now(); });
    return true;
  };
  const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
  document.addEventListener('DOMContentLoaded', () => {
    if (!seen()) observer.observe(document.body, { childList: true, subtree: true });
  });
})()`;

/** Waits for PAINT_PROBE's mark: ms from navigation start to the briefing painted. */
export async function briefingPaintedAt(page: Page): Promise<number> {
  // A function, not a string: the app's CSP forbids eval, which a string predicate needs.
  await page.waitForFunction(
    () => typeof (globalThis as { __briefingPaintedAt?: unknown }).__briefingPaintedAt === 'number',
    undefined,
    { timeout: 30_000 },
  );
  return (await page.evaluate('window.__briefingPaintedAt')) as number;
}

/** One load in a fresh context: ms from navigation start to the briefing painted. */
export async function loadOnce(
  browser: Browser,
  url: string,
  options: { locale?: string; expectLang?: string } = {},
): Promise<number> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    ...(options.locale === undefined ? {} : { locale: options.locale }),
  });
  try {
    await context.addInitScript(PAINT_PROBE);
    const page = await context.newPage();
    await page.goto(url);
    const paintedAt = await briefingPaintedAt(page);
    const lang = (await page.evaluate('document.documentElement.lang')) as string;
    if (options.expectLang !== undefined && lang !== options.expectLang) {
      throw new Error(`the page painted in "${lang}", not "${options.expectLang}"`);
    }
    return paintedAt;
  } finally {
    await context.close();
  }
}

export async function measureColdStart(report: Report): Promise<void> {
  const base = await mkdtemp(join(tmpdir(), 'assistant-bench-cold-'));
  const appDir = join(base, 'app');
  const minimalDir = join(base, 'minimal');
  const floorDir = join(base, 'floor');
  await cp(join(process.cwd(), 'out', 'renderer'), appDir, { recursive: true });
  await mkdir(minimalDir);
  const source = join(process.cwd(), 'bench', 'scale', 'minimal-briefing');
  await cp(join(source, 'index.html'), join(minimalDir, 'index.html'));
  await build({
    entryPoints: [join(source, 'main.jsx')],
    outfile: join(minimalDir, 'main.js'),
    bundle: true,
    format: 'esm',
    minify: true,
    jsx: 'automatic',
    target: 'chrome130',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  // The floor is the same page with another script.
  await mkdir(floorDir);
  await cp(join(source, 'index.html'), join(floorDir, 'index.html'));
  await buildFloorScript(floorDir);
  const demo = await startDemoService({ pacing: 'instant' });
  const hosts = await Promise.all(
    [appDir, minimalDir, floorDir].map((rendererDir, i) =>
      startBenchHost(demo, rendererDir, join(base, `data-${i}`)),
    ),
  );
  const browser = await launchChromium();
  try {
    const [app, minimal, floor] = hosts.map((host) => host.url) as [string, string, string];
    // Warm the caches (and the browser's own start-up), then alternate.
    for (const url of [app, minimal, floor]) await loadOnce(browser, url);
    const appTimes: number[] = [];
    const minimalTimes: number[] = [];
    const floorTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      appTimes.push(await loadOnce(browser, app));
      minimalTimes.push(await loadOnce(browser, minimal));
      floorTimes.push(await loadOnce(browser, floor));
    }
    const ratio = median(appTimes) / median(minimalTimes);
    const floorRatio = median(floorTimes) / median(minimalTimes);
    const overFloor = median(appTimes) / median(floorTimes);
    // Judged against the floor: #17 ended blocked on "1.5x the minimal page", which the floor alone
    // (the rules' own work) nearly uses up (1.28-1.54x), and #40 counts the cold start's goal as
    // the app against the floor. The minimal page's ratio is still printed beside it.
    // A busy machine's figure says more about the machine than the app (one such run printed
    // 1.34x "met" with the minimal page's loads at 136-434 ms), so it is not judged.
    const spread = middleSpread(floorTimes);
    const steady = spread.ratio <= STEADY_MIDDLE_SPREAD;
    report.goal({
      name: 'Cold start: briefing painted from cache',
      figure: `${fmt(overFloor, 2)}x the floor (${fmt(median(appTimes))} vs ${fmt(median(floorTimes))} ms); ${fmt(ratio, 2)}x the minimal page`,
      goal: '<= 1.5x the floor',
      met: steady ? overFloor <= 1.5 : null,
      ...(steady
        ? {}
        : {
            note: `not judged: the middle half of the floor's loads spread ${fmt(spread.low)}-${fmt(spread.high)} ms (${fmt(spread.ratio, 2)}x, more than ${STEADY_MIDDLE_SPREAD}x), so the machine was busy; run it again when it is quiet.`,
          }),
    });
    report.detail(
      `Cold start, floor (the minimal page + the contract's check of the answer + its text lexed as markdown): ${fmt(floorRatio, 2)}x the minimal page (${fmt(median(floorTimes))} vs ${fmt(median(minimalTimes))} ms).`,
    );
    report.detail(
      `Cold start, ${ROUNDS} alternating loads each: app ${appTimes.map((t) => fmt(t)).join(', ')} ms; minimal ${minimalTimes.map((t) => fmt(t)).join(', ')} ms; floor ${floorTimes.map((t) => fmt(t)).join(', ')} ms.`,
    );
  } finally {
    await browser.close();
    for (const host of hosts) await host.stop();
    await demo.stop();
    await rm(base, { recursive: true, force: true });
  }
}
