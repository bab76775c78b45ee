// Transcript retention over a real data folder: the backend, the demo service over HTTP and the
// transcripts its runs leave on disk. Old finished runs go when the app starts; a run interrupted
// by quitting, followed again on start, is kept however old; a change of the setting applies it.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RequestName, RequestOutput } from '../../../../electron/contract';
import { createBackend, type Backend } from '../../../../electron/core/backend';
import { createSilentLogger } from '../../../../electron/core/logs/logger';
import { startDemoService, type DemoService } from '../../../../electron/demo-service';
import { testBackendOptions } from '../../../support/backend-options';

const DAY = 24 * 60 * 60 * 1000;
const WrittenMeta = z.object({ textLength: z.number() });
let demo: DemoService;
let dataDir: string;
let nowMs = Date.parse('2026-10-01T09:00:00.000Z');
const backends: Backend[] = [];

beforeAll(async () => {
  demo = await startDemoService({ pacing: 'instant', keepAliveMs: 200, retryMs: 20 });
  dataDir = await mkdtemp(join(tmpdir(), 'assistant-retention-'));
});

afterAll(async () => {
  for (const backend of backends) await backend.close();
  await demo?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function open(): Promise<Backend> {
  const backend = await createBackend({
    ...testBackendOptions({
      dataDir,
      log: createSilentLogger(),
      baseUrl: demo.baseUrl,
      token: demo.token,
    }),
    scheduler: false,
    now: () => new Date(nowMs),
  });
  backends.push(backend);
  return backend;
}

async function call<N extends RequestName>(
  backend: Backend,
  name: N,
  input: unknown,
): Promise<RequestOutput<N>> {
  const result = await backend.dispatch(name, input, { host: 'test' });
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
  return result.data as RequestOutput<N>;
}

async function until(test: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function startRun(backend: Backend): Promise<string> {
  const run = await call(backend, 'runs.start', {
    agentId: 'sales.deal_coach',
    dealId: demo.control.deals()[0]?.id ?? '',
    message: 'Prepare me for the call',
  });
  return run.runId;
}

async function finished(backend: Backend, runId: string): Promise<void> {
  await until(
    async () =>
      (await call(backend, 'runs.live', {})).runs.some((r) => r.runId === runId && r.done),
    `run ${runId} to finish`,
  );
}

/** The run's text as far as its transcript on disk records it. */
async function writtenTextLength(runId: string): Promise<number | undefined> {
  const text = await readFile(join(dataDir, 'runs', runId, 'meta.json'), 'utf8').catch(() => '');
  try {
    return WrittenMeta.parse(JSON.parse(text)).textLength;
  } catch {
    return undefined;
  }
}

const folders = async (): Promise<string[]> =>
  (await readdir(join(dataDir, 'runs')).catch(() => [] as string[])).sort();

describe('transcript retention in a real data folder', () => {
  it('prunes old transcripts at start and on a settings change, never a followed run', async () => {
    // Day 0: two runs to their end, and a third still streaming when the app quits.
    const first = await open();
    const oldA = await startRun(first);
    const oldB = await startRun(first);
    await finished(first, oldA);
    await finished(first, oldB);
    demo.control.setPacing(20);
    demo.control.setRunLength(100_000);
    const live = await startRun(first);
    await until(async () => (await folders()).includes(live), 'the live run transcript');
    await first.close();
    expect(await folders()).toEqual([oldA, oldB, live].sort());

    // Day 40: the app starts; the interrupted run is followed again and must stay.
    nowMs += 40 * DAY;
    const second = await open();
    await until(async () => (await folders()).length === 1, 'the old transcripts to be pruned');
    expect(await folders()).toEqual([live]);
    const runs = (await call(second, 'runs.live', {})).runs;
    expect(runs.find((r) => r.runId === live)?.done).toBe(false);

    // A run finished on day 40; then the live run stalls (no event written after day 40) and on
    // day 43 the setting is lowered to 2 days: both are past it, only the finished one goes.
    demo.control.setRunLength(5);
    const recent = await startRun(second);
    await finished(second, recent);
    expect(await folders()).toEqual([live, recent].sort());
    // The demo takes a new pace at its next token, which is still due at the old one: wait for
    // that token to reach the transcript on disk (stamped day 40); the next is 100 s away.
    const before = demo.control.runOutput(live)?.length ?? 0;
    demo.control.setPacing(0.01);
    await until(async () => {
      const sent = demo.control.runOutput(live)?.length ?? 0;
      return sent > before && (await writtenTextLength(live)) === sent;
    }, 'the last token at the old pace, on disk');
    nowMs += 3 * DAY;
    await call(second, 'settings.update', { transcriptRetention: { maxAgeDays: 2 } });
    await until(async () => !(await folders()).includes(recent), 'the 3-day-old transcript to go');
    expect(await folders()).toEqual([live]);
    const stalled = await call(second, 'runs.transcript', { runId: live });
    expect(Date.parse(stalled?.startedAt ?? '')).toBeLessThan(nowMs - 40 * DAY);
    expect((await call(second, 'settings.get', {})).transcriptRetention).toEqual({
      maxAgeDays: 2,
      maxTotalMB: 500,
    });
    await call(second, 'runs.cancel', { runId: live });
  });
});
