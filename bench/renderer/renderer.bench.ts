// Renderer benchmarks, measured in one run in Debian's Chromium (test/support/chromium.ts finds
// it) against browser mode (the real core and web host) and the demo service, with a minimal
// EventSource page as the reference:
//
// 1. Events/s from the service to the DOM, 40,000-token runs at full speed: app ≥ 0.8 × minimal.
// 2. p95 latency from the service sending a delta to its paint at 2,000 tokens/s: app ≤ minimal
//    + 16.7 ms.
// 3. Main-thread time per frame around token 40,000 against around token 1,000: ≤ 1.5×, and no
//    task over 50 ms.
// 4. Renderer heap after ten 40,000-token runs and a GC against before: ≤ 1.1×.
// 5. Initial JavaScript, gzip, against a React + ReactDOM-only bundle: ≤ 2×.
//
// How each is measured is described in bench/renderer/README.md. Prints a table; never fails the
// build (a failing step is reported as "not measured").
import { availableParallelism, loadavg } from 'node:os';
import { ensureRenderer } from '../../electron/web/ensure-renderer';
import { recordDeltas, expectedRun } from './lib/expected';
import type { RunInput } from './lib/expected';
import { buildPageScripts } from './lib/page-scripts';
import { Report } from './lib/report';
import { openAppOnDeal } from './lib/runs';
import { startSetup } from './lib/setup';
import type { Setup } from './lib/setup';
import { fmt } from './lib/stats';
import { initialJs, reactOnlyJs } from './measure/bundle-size';
import { PACED_TOKENS, measurePaced } from './measure/paced';
import { STRESS_RUNS, measureStress } from './measure/throughput-heap';
import { MEASURES, reportLoad, reportPaced, reportSizes, reportStress } from './verdicts';

/** The whole renderer bench stays within this; past it, everything is stopped. */
const BUDGET_MS = 330_000;
const FULL_TOKENS = 40_000;
const WARM_UP_TOKENS = 2_000;
const AGENT_ID = 'sales.deal_coach';
const MESSAGE = 'Benchmark: what should I do next to move this deal forward?';

export default async function rendererBench(): Promise<void> {
  const report = new Report();
  const t0 = performance.now();
  const progress = (line: string) =>
    console.log(`  [${fmt((performance.now() - t0) / 1000)} s] ${line}`);
  let setup: Setup | undefined;
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    progress(`time budget of ${BUDGET_MS / 1000} s exceeded: stopping the browser and servers`);
    void setup?.stop();
  }, BUDGET_MS);

  const step = async (names: string[], work: () => Promise<void>): Promise<void> => {
    try {
      await work();
    } catch (error) {
      const message = timedOut
        ? `the bench's time budget (${BUDGET_MS / 1000} s) ran out`
        : ((error instanceof Error ? error.message.split('\n')[0] : String(error)) ?? 'failed');
      progress(`failed: ${message}`);
      for (const name of names) report.notMeasured(name, message);
    }
  };

  const loadAtStart = loadavg()[0] ?? 0;
  try {
    progress('building the renderer if it is stale (vite build)…');
    let rendererReady = false;
    await step(['all renderer measures'], async () => {
      const outcome = await ensureRenderer(process.cwd());
      progress(outcome === 'built' ? 'renderer built' : 'renderer up to date');
      rendererReady = true;
    });

    await step([MEASURES.size], async () => {
      const app = await initialJs('out/renderer');
      const reactOnly = await reactOnlyJs();
      reportSizes(report, app, reactOnly);
      progress('bundle sizes measured');
    });
    if (!rendererReady) return;

    await step(
      [MEASURES.throughput, MEASURES.heap, MEASURES.latency, MEASURES.frames, MEASURES.longTask],
      async () => {
        setup = await startSetup(await buildPageScripts());
        const s = setup;
        const dealId = s.demo.control.deals()[0]?.id;
        if (dealId === undefined) throw new Error('the demo service has no deals');
        const input: RunInput = { agentId: AGENT_ID, message: MESSAGE, dealId };
        progress(`recording the ${fmt(PACED_TOKENS)}-token answer from the demo service…`);
        const deltas = await recordDeltas(s.demo, input, PACED_TOKENS);
        const expected = {
          warmUp: expectedRun(deltas, WARM_UP_TOKENS),
          full: expectedRun(deltas, FULL_TOKENS),
          paced: expectedRun(deltas, PACED_TOKENS),
        };
        await openAppOnDeal(s, input, s.scripts.probe);
        progress('app open on the deal; starting the runs');

        await step([MEASURES.throughput, MEASURES.heap], async () => {
          const stress = await measureStress(s, input, expected, progress);
          reportStress(report, stress, expected.full.tokens);
          progress(`${STRESS_RUNS} full-speed runs done on each side`);
        });
        await step([MEASURES.latency, MEASURES.frames, MEASURES.longTask], async () => {
          progress(
            `paced runs (${fmt(expected.paced.tokens)} tokens at 2,000 tokens/s) on each side…`,
          );
          const paced = await measurePaced(s, input, expected.paced, progress);
          reportPaced(report, paced);
        });
      },
    );
  } finally {
    clearTimeout(deadline);
    await setup?.stop();
    reportLoad(report, loadAtStart, loadavg()[0] ?? 0, availableParallelism());
    report.print();
  }
}
