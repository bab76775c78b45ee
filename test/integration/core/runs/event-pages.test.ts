// `runs.events` through the backend's contract dispatch against the demo service over real HTTP:
// every event the stream carried is stored and paged back, output deltas included, and a page
// read while the run is live sees the total grow.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EventName,
  EventPayload,
  RequestName,
  RequestOutput,
  RunEvent,
  RunUpdate,
  RunUpdates,
} from '../../../../electron/contract';
import { createBackend, type Backend } from '../../../../electron/core/backend';
import { createSilentLogger } from '../../../../electron/core/logs/logger';
import { TranscriptStore } from '../../../../electron/core/runs/transcript-store';
import { startDemoService, type DemoService } from '../../../../electron/demo-service';
import { testBackendOptions } from '../../../support/backend-options';

let demo: DemoService;
let dataDir: string;
let backend: Backend;
let dealId: string;
const updates: RunUpdate[] = [];
let updateWaiters: Array<{ test: (update: RunUpdate) => boolean; resolve: () => void }> = [];

beforeAll(async () => {
  demo = await startDemoService({ pacing: 'instant', keepAliveMs: 200, retryMs: 20 });
  dealId = demo.control.deals()[0]?.id ?? '';
  dataDir = await mkdtemp(join(tmpdir(), 'assistant-run-events-'));
  backend = await createBackend({
    ...testBackendOptions({
      dataDir,
      log: createSilentLogger(),
      baseUrl: demo.baseUrl,
      token: demo.token,
    }),
    scheduler: false,
  });
  backend.events.subscribe((name: EventName, payload: EventPayload<EventName>) => {
    if (name !== 'run.update') return;
    for (const update of (payload as RunUpdates).updates) {
      updates.push(update);
      for (const waiter of [...updateWaiters]) {
        if (!waiter.test(update)) continue;
        updateWaiters = updateWaiters.filter((w) => w !== waiter);
        waiter.resolve();
      }
    }
  });
});

afterAll(async () => {
  await backend?.close();
  await demo?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function call<N extends RequestName>(name: N, input: unknown): Promise<RequestOutput<N>> {
  const result = await backend.dispatch(name, input, { host: 'test' });
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
  return result.data as RequestOutput<N>;
}

/** Resolves at the first `run.update` from now on that satisfies `test`. */
function nextUpdate(test: (update: RunUpdate) => boolean, timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no such run.update in time')), timeoutMs);
    updateWaiters.push({
      test,
      resolve: () => {
        clearTimeout(timer);
        resolve();
      },
    });
  });
}

function doneOf(runId: string): Promise<void> {
  if (updates.some((update) => update.runId === runId && update.done)) return Promise.resolve();
  return nextUpdate((update) => update.runId === runId && update.done === true);
}

async function pageThrough(runId: string, limit: number): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for (;;) {
    const page = await call('runs.events', { runId, offset: events.length, limit });
    expect(page).toMatchObject({ recorded: true, offset: events.length });
    expect(page.events.length).toBeLessThanOrEqual(limit);
    events.push(...page.events);
    if (page.events.length === 0 || events.length >= page.total) return events;
  }
}

const outputText = (events: readonly RunEvent[]): string =>
  events.map((event) => (event.type === 'output' ? event.text : '')).join('');

describe('runs.events over the contract', () => {
  it('pages back every event the stream carried, output deltas included', async () => {
    const started = await call('runs.start', {
      agentId: 'sales.deal_coach',
      message: 'Summarise the deal',
      dealId,
    });
    const runId = started.runId;
    await doneOf(runId);

    const events = await pageThrough(runId, 37);
    const stored = await new TranscriptStore({ dataDir }).read(runId);
    expect(stored?.damagedLines).toBe(0);
    expect(events).toEqual(stored?.events);
    const { total } = await call('runs.events', { runId, offset: 0, limit: 1 });
    expect(total).toBe(events.length);

    // One output event per token the service streamed, and together they are the run's text.
    const record = demo.control.getRun(runId);
    const deltas = events.filter((event) => event.type === 'output');
    expect(deltas.length).toBe(record?.usage.outputTokens);
    expect(deltas.length).toBeGreaterThan(50);
    const streamed = updates
      .filter((update) => update.runId === runId)
      .map((update) => update.textAppended)
      .join('');
    expect(outputText(events)).toBe(streamed);
    expect(outputText(events)).toBe(demo.control.runOutput(runId));
    expect(events.at(-1)).toMatchObject({ type: 'final', status: 'succeeded' });
    // The live batches kept the deltas out: the panel needs this request to see them.
    const batched = updates.filter((u) => u.runId === runId).flatMap((u) => u.events ?? []);
    expect(batched.some((event) => event.type === 'output')).toBe(false);

    // Bigger pages give the same events; past the end there are none.
    expect(await pageThrough(runId, 500)).toEqual(events);
    expect(await call('runs.events', { runId, offset: total + 10, limit: 5 })).toEqual({
      recorded: true,
      total,
      offset: total + 10,
      events: [],
    });
  });

  it('sees the total grow while the run is live', async () => {
    demo.control.setPacing(60);
    try {
      const started = await call('runs.start', {
        agentId: 'sales.deal_coach',
        message: 'What should I do this week?',
        dealId,
      });
      const runId = started.runId;
      const withText = (update: RunUpdate) =>
        update.runId === runId && update.textAppended !== '' && !update.done;
      const totals: number[] = [];
      const prefixes: RunEvent[][] = [];
      while (totals.length < 3) {
        // Two batches with text after the last read: the second holds events stored after it.
        await nextUpdate(withText);
        await nextUpdate(withText);
        const page = await call('runs.events', { runId, offset: 0, limit: 500 });
        expect(page.recorded).toBe(true);
        totals.push(page.total);
        prefixes.push(page.events);
      }
      expect(totals[1]).toBeGreaterThan(totals[0] as number);
      expect(totals[2]).toBeGreaterThan(totals[1] as number);

      await call('runs.cancel', { runId });
      await doneOf(runId);
      const all = await pageThrough(runId, 500);
      expect(all.length).toBeGreaterThan(totals[2] as number);
      // What was read while live is exactly the start of what was stored in the end.
      for (const prefix of prefixes) expect(all.slice(0, prefix.length)).toEqual(prefix);
      expect(all.at(-1)).toMatchObject({ type: 'final', status: 'cancelled' });
    } finally {
      demo.control.setPacing('instant');
    }
  });

  it('says when this computer holds nothing for a run, and refuses pages out of bounds', async () => {
    expect(
      await call('runs.events', { runId: 'run_from_elsewhere', offset: 0, limit: 10 }),
    ).toEqual({ recorded: false, total: 0, offset: 0, events: [] });
    for (const input of [
      { runId: 'r', offset: 0, limit: 501 },
      { runId: 'r', offset: 0, limit: 0 },
      { runId: 'r', offset: -1, limit: 10 },
      { runId: 'r', offset: 1.5, limit: 10 },
    ]) {
      const result = await backend.dispatch('runs.events', input, { host: 'test' });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  });
});
