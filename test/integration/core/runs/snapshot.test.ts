// A live run's snapshot (`runs.live`, what a page loads after a reload or after missing events)
// followed by the batches sent after its seq must be the run's output exactly: text still waiting
// for its batch must not be in the snapshot and then again in that batch. Nor may asking for a
// snapshot push out a batch early: batches stay a frame apart however often pages ask.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../../electron/demo-service';
import { createManager, tempDataDir, UpdateLog } from './helpers';

let service: DemoService;
const FRAME_MS = 40;

beforeAll(async () => {
  service = await startDemoService({ pacing: 'instant' });
});
afterAll(() => service.stop());

it('a snapshot taken mid-stream plus the batches after its seq is the output, nothing twice', async () => {
  const dealId = service.control.deals()[0]?.id ?? '';
  // A long frame, so "a frame apart" is told from "pushed out by a snapshot" (which would come
  // within the 2 ms sampling) by a margin no timer's jitter reaches: Windows timers, under Wine
  // too, fire a millisecond or two early.
  const manager = createManager(service.baseUrl, { token: service.token }, await tempDataDir(), {
    frameIntervalMs: FRAME_MS,
  });
  const log = new UpdateLog(manager);
  const batchTimes: number[] = [];
  const stopTiming = manager.onUpdates(() => batchTimes.push(performance.now()));
  try {
    // Fast enough that text is often waiting for its batch when a snapshot is taken.
    const run = await manager.start({
      agentId: 'sales.deal_coach',
      dealId,
      message: 'Snapshot me',
      input: { demo: { tokens: 3000, tokensPerSecond: 1000 } },
    });
    const mismatches: string[] = [];
    let snapshots = 0;
    const sample = setInterval(() => {
      const snapshot = manager.live().find((live) => live.runId === run.runId);
      if (snapshot === undefined || snapshot.done) return;
      snapshots += 1;
      const upToSeq = log
        .of(run.runId)
        .filter((update) => update.seq <= snapshot.seq)
        .map((update) => update.textAppended)
        .join('');
      if (upToSeq !== snapshot.text) {
        mismatches.push(`seq ${snapshot.seq}: ${snapshot.text.length} vs ${upToSeq.length} chars`);
      }
    }, 2);
    try {
      await log.done(run.runId, 30_000);
    } finally {
      clearInterval(sample);
    }
    expect(snapshots).toBeGreaterThan(10);
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(log.text(run.runId)).toBe(service.control.runOutput(run.runId));
    const gaps = batchTimes.slice(1).map((at, i) => at - (batchTimes[i] as number));
    // Timers may fire a little early, never half a frame.
    expect(Math.min(...gaps)).toBeGreaterThan(FRAME_MS / 2);
  } finally {
    stopTiming();
    log.unsubscribe();
    await manager.close();
  }
}, 40_000);
