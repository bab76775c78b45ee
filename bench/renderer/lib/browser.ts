// A Chromium through Playwright (test/support/chromium.ts finds it: Debian's here), and the
// Chrome DevTools Protocol calls the figures need (performance metrics, garbage collection, heap
// usage). Page answers are parsed with zod.
import { chromium } from '@playwright/test';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { z } from 'zod';
import { requireChromium } from '../../../test/support/chromium';
import type { ProbeConfig } from '../page/protocol';
import { LongTaskReport, ProbeDone, ProbeResult, ProbeSample } from '../page/protocol';

export const VIEWPORT = { width: 1280, height: 800 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: requireChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    timeout: 30_000,
  });
}

export async function evaluateParsed<T>(
  page: Page,
  expression: string,
  schema: z.ZodType<T>,
): Promise<T> {
  return schema.parse(await page.evaluate(expression));
}

/** Defines window.__benchProbe in the page (bypasses the page's CSP, as DevTools does). */
export async function installProbe(page: Page, probeScript: string): Promise<void> {
  await page.evaluate(probeScript);
  const ok = await page.evaluate('typeof window.__benchProbe === "object"');
  if (ok !== true) throw new Error('The probe did not install in the page');
}

export async function armProbe(page: Page, config: ProbeConfig): Promise<void> {
  await page.evaluate(`window.__benchProbe.arm(${JSON.stringify(config)})`);
}

export function probeResult(page: Page): Promise<ProbeResult> {
  return evaluateParsed(page, 'window.__benchProbe.result()', ProbeResult);
}

export function probeSample(page: Page): Promise<ProbeSample> {
  return evaluateParsed(page, 'window.__benchProbe.sample()', ProbeSample);
}

export function probeLongTasks(page: Page, sinceEpochMs: number): Promise<LongTaskReport> {
  return evaluateParsed(page, `window.__benchProbe.longTasks(${sinceEpochMs})`, LongTaskReport);
}

/**
 * Waits until the probe saw the whole text (and the end shown, when configured): one call that
 * the probe settles from its frame callback, bounded by `timeoutMs`.
 */
export async function waitForCompletion(page: Page, timeoutMs: number): Promise<void> {
  const outcome = await evaluateParsed(
    page,
    `window.__benchProbe.whenDone(${JSON.stringify(timeoutMs)})`,
    ProbeDone,
  );
  if (outcome.done) return;
  const { seen } = outcome;
  throw new Error(
    `the whole answer did not show within ${timeoutMs} ms (output ${seen.rootFound ? 'found' : 'not found'}; ${seen.scroll}; appended ${seen.appended}; text ends "${seen.textEnd}")`,
  );
}

const Metrics = z.object({
  metrics: z.array(z.object({ name: z.string(), value: z.number() })),
});

export type MetricName =
  | 'TaskDuration'
  | 'ScriptDuration'
  | 'LayoutDuration'
  | 'RecalcStyleDuration'
  | 'DevToolsCommandDuration';

export type MetricSnapshot = Record<MetricName, number> & { frames: number; at: number };

/** Cumulative main-thread durations (seconds, from Performance.getMetrics) and frames so far. */
export async function metricSnapshot(page: Page, cdp: CDPSession): Promise<MetricSnapshot> {
  const [raw, sample] = await Promise.all([cdp.send('Performance.getMetrics'), probeSample(page)]);
  const values = new Map(Metrics.parse(raw).metrics.map((m) => [m.name, m.value]));
  const read = (name: MetricName) => values.get(name) ?? 0;
  return {
    TaskDuration: read('TaskDuration'),
    ScriptDuration: read('ScriptDuration'),
    LayoutDuration: read('LayoutDuration'),
    RecalcStyleDuration: read('RecalcStyleDuration'),
    DevToolsCommandDuration: read('DevToolsCommandDuration'),
    frames: sample.frames,
    at: sample.at,
  };
}

export interface FrameCost {
  frames: number;
  seconds: number;
  /** Main-thread task time per frame, DevTools' own commands excluded, ms. */
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
}

/** Several windows as one: durations and frames added up. */
export function combineCosts(costs: readonly FrameCost[]): FrameCost {
  const frames = costs.reduce((sum, c) => sum + c.frames, 0);
  const weighted = (key: 'taskMs' | 'scriptMs' | 'layoutMs' | 'styleMs') =>
    costs.reduce((sum, c) => sum + c[key] * c.frames, 0) / Math.max(1, frames);
  return {
    frames,
    seconds: costs.reduce((sum, c) => sum + c.seconds, 0),
    taskMs: weighted('taskMs'),
    scriptMs: weighted('scriptMs'),
    layoutMs: weighted('layoutMs'),
    styleMs: weighted('styleMs'),
  };
}

export function frameCost(from: MetricSnapshot, to: MetricSnapshot): FrameCost {
  const frames = Math.max(1, to.frames - from.frames);
  const per = (name: MetricName) => ((to[name] - from[name]) * 1000) / frames;
  return {
    frames: to.frames - from.frames,
    seconds: (to.at - from.at) / 1000,
    taskMs: per('TaskDuration') - per('DevToolsCommandDuration'),
    scriptMs: per('ScriptDuration'),
    layoutMs: per('LayoutDuration'),
    styleMs: per('RecalcStyleDuration'),
  };
}

const HeapUsage = z.object({
  usedSize: z.number(),
  totalSize: z.number(),
  embedderHeapUsedSize: z.number().optional(),
  backingStorageSize: z.number().optional(),
});

export interface HeapFigures {
  /** V8's JavaScript heap in use, bytes. */
  js: number;
  /** Blink's (Oilpan) heap in use: DOM nodes and other C++ objects, bytes (when reported). */
  embedder: number | undefined;
}

/** Collects garbage (twice: weak references freed by the first pass go in the second). */
export async function heapAfterGc(cdp: CDPSession): Promise<HeapFigures> {
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = HeapUsage.parse(await cdp.send('Runtime.getHeapUsage'));
  return { js: usage.usedSize, embedder: usage.embedderHeapUsedSize };
}
