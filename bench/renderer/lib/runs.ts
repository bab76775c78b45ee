// One measured run on each side. The app: the user's path (Deals → a deal → Ask an agent: agent
import { z } from 'zod';
// and message, Ask → the live run panel), with the proxy adding the demo keys for the answer's
// length and pace to the POST the core sends. The minimal page: its own POST and EventSource.
// Both are timed the same way: from the proxy receiving the stream request to the probe seeing
// the whole answer rendered in the page.
import type { Page } from '@playwright/test';
import { MinimalStarted, MinimalStatus } from '../page/protocol';
import type { ProbeResult } from '../page/protocol';
import { armProbe, evaluateParsed, installProbe, probeResult, waitForCompletion } from './browser';
import type { ExpectedRun, RunInput } from './expected';
import type { Setup, Side } from './setup';
import { withTimeout } from './stream-log';
import type { StreamLog } from './stream-log';

/** The app's live output: the run panel's scrollable region. */
export const OUTPUT_REGION = '[role="region"][aria-label^="Output of"]';
const MINIMAL_OUTPUT = '#out';

export interface RunOptions {
  input: RunInput;
  expected: ExpectedRun;
  /** Paced runs; instant when absent. */
  tokensPerSecond?: number;
  timeoutMs: number;
}

export interface Latency {
  /** The delta (token) that completed the marker. */
  token: number;
  ms: number;
}

export interface RunMeasurement<T> {
  runId: string;
  /** Epoch ms: the stream requested, the whole answer rendered. */
  openedAt: number;
  completedAt: number;
  /** Server-sent events in the stream (statuses, deltas, done). */
  events: number;
  /** Stream requests for the run (more than one: the reader reconnected). */
  connections: number;
  /** From the stream request reaching the proxy to the whole answer rendered, ms. */
  ms: number;
  eventsPerSecond: number;
  /** For each marker heading: rendered time minus the time the service sent it, ms. */
  latencies: Latency[];
  markersSent: number;
  during: T;
}

function measure<T>(log: StreamLog, result: ProbeResult, during: T): RunMeasurement<T> {
  if (result.completeAt === null) throw new Error(`run ${log.runId}: the text never completed`);
  const ms = result.completeAt - log.openedAt;
  const latencies: Latency[] = [];
  for (const [marker, renderedAt] of result.markers) {
    const sent = log.markers.get(marker);
    if (sent !== undefined) latencies.push({ token: sent.delta, ms: renderedAt - sent.at });
  }
  return {
    runId: log.runId,
    openedAt: log.openedAt,
    completedAt: result.completeAt,
    events: log.events,
    connections: log.connections,
    ms,
    eventsPerSecond: log.events / (ms / 1000),
    latencies,
    markersSent: log.markers.size,
    during,
  };
}

/** Opens the deal in the app, installs the probe and chooses the agent for the runs to come. */
export async function openAppOnDeal(setup: Setup, input: RunInput, probe: string): Promise<void> {
  const { page } = setup.app;
  await page.goto(setup.mode.urlFor(`#/deals/${encodeURIComponent(input.dealId)}`));
  await page.locator('#root > *').first().waitFor({ timeout: 20_000 });
  await installProbe(page, probe);
  await page.getByLabel('Agent', { exact: true }).selectOption(input.agentId, { timeout: 20_000 });
}

/** Follows a link inside the app (a hash route: no reload, as clicking a link would). */
export async function goTo(page: Page, hash: string): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(hash)}`);
}

async function started(promise: Promise<StreamLog>, action: () => Promise<unknown>) {
  // Handled now, awaited after the action: a failing action must not leave it unhandled.
  promise.catch(() => undefined);
  await action();
  return promise;
}

export async function appRun<T = undefined>(
  setup: Setup,
  options: RunOptions,
  during?: (log: StreamLog, side: Side) => Promise<T>,
): Promise<RunMeasurement<T | undefined>> {
  const { page } = setup.app;
  const { expected, timeoutMs } = options;
  const shownRunIds = await evaluateParsed(
    page,
    `Array.from(document.querySelectorAll('article[data-run-id]'), (a) => a.dataset.runId ?? '')`,
    z.array(z.string()),
  );
  await armProbe(page, {
    rootSelector: OUTPUT_REGION,
    mode: 'scan',
    expectedLength: expected.text.length,
    expectedTail: expected.tail,
    // The run panel shows the end too before the next run starts: its announcement reads
    // "<agent>: Done" (electron/domain/runs/status-words.ts, English).
    finished: { container: 'article', selector: '[aria-live]', textEnd: ': Done' },
  });
  setup.proxy.inject({
    tokens: expected.tokens,
    ...(options.tokensPerSecond === undefined ? {} : { tokensPerSecond: options.tokensPerSecond }),
  });
  try {
    const log = await started(setup.proxy.expectStream(15_000), async () => {
      await page.getByRole('textbox', { name: 'Message' }).fill(options.input.message);
      await page.getByRole('button', { name: 'Ask', exact: true }).click();
      // Under the deal's form a live answer does not pull the page along (OutputView's
      // followLive): the reader goes to its latest words (End on the answer), and from then on
      // the page follows it. Without this only the answer's first blocks are ever in the DOM (it
      // is virtualised). The new run's answer is the one not stale when the probe was armed.
      const fresh = shownRunIds.map((id) => `:not([data-run-id=${JSON.stringify(id)}])`).join('');
      await page
        .locator(`article[data-run-id]${fresh} ${OUTPUT_REGION}`)
        .first()
        .press('End', { timeout: 15_000 });
    });
    const extra = during ? await during(log, setup.app) : undefined;
    await waitForCompletion(page, timeoutMs);
    await log.waitForDone(timeoutMs);
    return measure(log, await probeResult(page), extra);
  } finally {
    setup.proxy.inject(undefined);
  }
}

export async function minimalRun<T = undefined>(
  setup: Setup,
  options: RunOptions,
  during?: (log: StreamLog, side: Side) => Promise<T>,
): Promise<RunMeasurement<T | undefined>> {
  const { page } = setup.minimal;
  const { expected, input, timeoutMs } = options;
  await page.evaluate('window.__benchMinimal.clear()');
  await armProbe(page, {
    rootSelector: MINIMAL_OUTPUT,
    mode: 'append',
    expectedLength: expected.text.length,
    expectedTail: expected.tail,
  });
  const start = {
    ...input,
    tokens: expected.tokens,
    ...(options.tokensPerSecond === undefined ? {} : { tokensPerSecond: options.tokensPerSecond }),
  };
  const log = await started(setup.proxy.expectStream(15_000), () =>
    withTimeout(
      evaluateParsed(page, `window.__benchMinimal.start(${JSON.stringify(start)})`, MinimalStarted),
      15_000,
      'the minimal page did not start its run',
    ),
  );
  const extra = during ? await during(log, setup.minimal) : undefined;
  await waitForCompletion(page, timeoutMs);
  await log.waitForDone(timeoutMs);
  const status = await evaluateParsed(page, 'window.__benchMinimal.status()', MinimalStatus);
  if (status.error !== null) throw new Error(`minimal page: ${status.error}`);
  return measure(log, await probeResult(page), extra);
}
