// Ten 40,000-token runs at full speed through the app, each followed by the same run on the
// minimal page: events per second from the service to the DOM on both sides, and the app
// renderer's heap before and after the ten runs (after a GC, on the same screen).
//
// "Before" is read once the app has streamed one answer as long as the measured ones: V8 then
// has compiled and optimised the streaming path (about a megabyte of machine code that any day of
// use brings, and that stops growing), so the figure shows what the runs leave behind. The heap
// after a short warm-up is read too, with the snapshot's split into compiled code and the rest,
// so the difference stays visible.
import type { Page } from '@playwright/test';
import { heapAfterGc } from '../lib/browser';
import type { HeapFigures } from '../lib/browser';
import { heapComposition } from '../lib/heap-snapshot';
import type { HeapComposition } from '../lib/heap-snapshot';
import type { ExpectedRun, RunInput } from '../lib/expected';
import { appRun, goTo, minimalRun } from '../lib/runs';
import type { RunMeasurement } from '../lib/runs';
import type { Setup } from '../lib/setup';

export const STRESS_RUNS = 10;
const RUN_TIMEOUT_MS = 60_000;
/** Lets the screen settle (lazy chunks, effects, the last frames) before the heap is read. */
const SETTLE_MS = 750;

export interface StressResult {
  app: Array<RunMeasurement<undefined>>;
  minimal: Array<RunMeasurement<undefined>>;
  heap: {
    /** Today screen, after a short warm-up run (V8 has compiled little yet). */
    cold: HeapFigures & { composition: HeapComposition };
    /** Today screen, before the runs (after a full-length warm-up run) and after them. */
    before: HeapFigures;
    after: HeapFigures & { composition: HeapComposition };
    /** The deal screen, showing the last run's whole answer (for information). */
    dealAfter: HeapFigures;
  };
}

async function heapOn(setup: Setup, hash: string): Promise<HeapFigures> {
  const { page, cdp } = setup.app;
  await goTo(page, hash);
  await settle(page);
  return heapAfterGc(cdp);
}

async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(SETTLE_MS);
}

export async function measureStress(
  setup: Setup,
  input: RunInput,
  expected: { warmUp: ExpectedRun; full: ExpectedRun },
  progress: (line: string) => void,
): Promise<StressResult> {
  const dealHash = `#/deals/${encodeURIComponent(input.dealId)}`;
  const warmUp = async (run: ExpectedRun) => {
    await goTo(setup.app.page, dealHash);
    await settle(setup.app.page);
    await appRun(setup, { input, expected: run, timeoutMs: RUN_TIMEOUT_MS });
    await minimalRun(setup, { input, expected: run, timeoutMs: RUN_TIMEOUT_MS });
  };
  // A short run loads every module and code path the runs use; a full-length one lets V8
  // optimise them as the measured runs will.
  await warmUp(expected.warmUp);
  const coldFigures = await heapOn(setup, '#/today');
  const cold = { ...coldFigures, composition: await heapComposition(setup.app.cdp) };
  await warmUp(expected.full);
  const before = await heapOn(setup, '#/today');
  await goTo(setup.app.page, dealHash);
  await settle(setup.app.page);

  const app: StressResult['app'] = [];
  const minimal: StressResult['minimal'] = [];
  for (let i = 0; i < STRESS_RUNS; i += 1) {
    const options = { input, expected: expected.full, timeoutMs: RUN_TIMEOUT_MS };
    const a = await appRun(setup, options);
    const m = await minimalRun(setup, options);
    app.push(a);
    minimal.push(m);
    progress(
      `run ${i + 1}/${STRESS_RUNS}: app ${Math.round(a.eventsPerSecond)} events/s (${Math.round(a.ms)} ms), minimal ${Math.round(m.eventsPerSecond)} events/s (${Math.round(m.ms)} ms)`,
    );
  }
  await settle(setup.app.page);
  const dealAfter = await heapAfterGc(setup.app.cdp);
  const afterFigures = await heapOn(setup, '#/today');
  const after = { ...afterFigures, composition: await heapComposition(setup.app.cdp) };
  await goTo(setup.app.page, dealHash);
  await settle(setup.app.page);
  return { app, minimal, heap: { cold, before, after, dealAfter } };
}
