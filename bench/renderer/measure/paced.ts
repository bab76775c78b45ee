// 41,500-token runs paced at 2,000 tokens/s, two on each side, alternating: latency from the
// service sending a section heading to the frame showing it, and the main-thread time per frame
// around token 1,000 and around token 40,000 (Performance.getMetrics deltas over the frames in
// between), with the long tasks the page reported meanwhile.
import { frameCost, metricSnapshot, probeLongTasks } from '../lib/browser';
import type { FrameCost } from '../lib/browser';
import type { ExpectedRun, RunInput } from '../lib/expected';
import { appRun, minimalRun } from '../lib/runs';
import type { RunMeasurement } from '../lib/runs';
import type { Setup, Side } from '../lib/setup';
import type { StreamLog } from '../lib/stream-log';
import type { LongTaskReport } from '../page/protocol';

export const PACE_TOKENS_PER_SECOND = 2_000;
export const PACED_TOKENS = 41_500;
/** Token windows (by deltas sent) around token 1,000 and around token 40,000. */
export const EARLY_WINDOW = [250, 1_750] as const;
export const LATE_WINDOW = [39_250, 40_750] as const;
export const PACED_ROUNDS = 2;
const RUN_TIMEOUT_MS = 60_000;

export interface PacedRound {
  run: RunMeasurement<{ early: FrameCost; late: FrameCost } | undefined>;
  /** Long tasks and long animation frames the page reported from the run's start to its end. */
  longTasks: LongTaskReport;
}

export interface PacedResult {
  app: PacedRound[];
  minimal: PacedRound[];
}

async function windows(log: StreamLog, side: Side) {
  const at = async (deltas: number) => {
    await log.waitForDeltas(deltas, RUN_TIMEOUT_MS);
    return metricSnapshot(side.page, side.cdp);
  };
  const a = await at(EARLY_WINDOW[0]);
  const b = await at(EARLY_WINDOW[1]);
  const c = await at(LATE_WINDOW[0]);
  const d = await at(LATE_WINDOW[1]);
  return { early: frameCost(a, b), late: frameCost(c, d) };
}

export async function measurePaced(
  setup: Setup,
  input: RunInput,
  expected: ExpectedRun,
  progress: (line: string) => void,
): Promise<PacedResult> {
  const options = {
    input,
    expected,
    tokensPerSecond: PACE_TOKENS_PER_SECOND,
    timeoutMs: RUN_TIMEOUT_MS,
  };
  const result: PacedResult = { app: [], minimal: [] };
  // Alternating, so both sides see the same machine (other processes come and go).
  for (let round = 1; round <= PACED_ROUNDS; round += 1) {
    const appSince = Date.now();
    const app = await appRun(setup, options, windows);
    result.app.push({ run: app, longTasks: await probeLongTasks(setup.app.page, appSince) });
    const minimalSince = Date.now();
    const minimal = await minimalRun(setup, options, windows);
    result.minimal.push({
      run: minimal,
      longTasks: await probeLongTasks(setup.minimal.page, minimalSince),
    });
    progress(`paced round ${round}/${PACED_ROUNDS} done`);
  }
  return result;
}
