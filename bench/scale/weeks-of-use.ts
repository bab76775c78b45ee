// Weeks of use: the host after weeks of history. The demo service holds 500 runs and 2,000 deals
// (its deal book grown by copies of its deals with new ids and names); the data folder holds the
// transcripts of 200 long runs (20,000 output events each, ~1.6 MB), a quarter of them older than
// the 30-day retention. Then, at the host (the backend's dispatch, in process, as browser mode
// and Electron call it): opening Runs, paging through them, opening a deal and searching deals,
// each timed many times; p95 against 100 ms. The transcript folder's size before and after the
// retention pass at start is reported against the 500 MB setting.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../../electron/core/api/client';
import { sessionFor } from '../../electron/core/api/config';
import { createBackend, type Backend } from '../../electron/core/backend';
import { createSilentLogger } from '../../electron/core/logs/logger';
import { createMemorySecretStore } from '../../electron/core/session/secret-store';
import { startDemoService, type DemoService } from '../../electron/demo-service';
import type { Report } from '../renderer/lib/report';
import { fmt, median, percentile } from '../renderer/lib/stats';

const RUNS = 500;
const DEALS = 2_000;
const TRANSCRIPTS = 200;
const EVENTS_PER_TRANSCRIPT = 20_000;
const SAMPLES = 60;
const DAY = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

/** A file's size; 0 when it is gone (the retention pass may remove its folder meanwhile). */
async function sizeUnlessGone(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

async function folderBytes(root: string): Promise<{ bytes: number; count: number }> {
  let bytes = 0;
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    for (const file of await readdir(join(root, name)).catch(() => [] as string[])) {
      bytes += await sizeUnlessGone(join(root, name, file));
    }
  }
  return { bytes, count: names.length };
}

async function writeTranscripts(dataDir: string, now: number): Promise<void> {
  const lines: string[] = [];
  for (let i = 0; i < EVENTS_PER_TRANSCRIPT; i += 1) {
    lines.push(
      `${JSON.stringify({ pos: String(i + 1), event: { type: 'output', text: `token ${i} of a long answer `, eventId: String(i + 1) } })}\n`,
    );
  }
  const events = Buffer.from(lines.join(''));
  for (let i = 0; i < TRANSCRIPTS; i += 1) {
    const runId = randomUUID();
    const folder = join(dataDir, 'runs', runId);
    await mkdir(folder, { recursive: true });
    // Spread over 40 days: the oldest quarter is past the 30-day retention.
    const at = new Date(now - (i / TRANSCRIPTS) * 40 * DAY).toISOString();
    await writeFile(join(folder, 'events.jsonl'), events);
    await writeFile(
      join(folder, 'meta.json'),
      JSON.stringify({
        version: 1,
        runId,
        agentId: 'sales.deal_coach',
        status: 'succeeded',
        done: true,
        startedAt: at,
        updatedAt: at,
        finishedAt: at,
        eventCount: EVENTS_PER_TRANSCRIPT,
        textLength: 0,
        lastEventId: String(EVENTS_PER_TRANSCRIPT),
      }),
    );
  }
}

async function timeAll(
  backend: Backend,
  inputs: () => { name: Parameters<Backend['dispatch']>[0]; input: unknown },
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const { name, input } = inputs();
    const started = performance.now();
    const result = await backend.dispatch(name, input, { host: 'browser' });
    times.push(performance.now() - started);
    if (!result.ok) throw new Error(`${name} failed: ${result.error.code}`);
  }
  return times;
}

/** The demo's deal book grown to DEALS by copies with new ids and names, and RUNS runs on it. */
async function fillService(demo: DemoService): Promise<string[]> {
  const deals = demo.control.deals();
  const originals = deals.length;
  for (let i = originals; i < DEALS; i += 1) {
    const copy = deals[i % originals];
    if (copy) deals.push({ ...copy, id: randomUUID(), name: `${copy.name} (${i})` });
  }
  const api = createApiClient({
    baseUrl: demo.baseUrl,
    session: sessionFor(demo.baseUrl, demo.token),
  });
  const dealIds = deals.map((deal) => deal.id);
  for (let i = 0; i < RUNS; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        api.createRun({
          agentId: 'sales.deal_coach',
          input: { message: `Question ${i + k}`, demo: { tokens: 30 } },
          context: { dealId: dealIds[(i + k) % dealIds.length] ?? '' },
        }),
      ),
    );
  }
  return dealIds;
}

type FolderSize = Awaited<ReturnType<typeof folderBytes>>;

/**
 * The transcripts folder once the retention pass is done: its count changed, then held still for
 * half a second (or ten seconds passed).
 */
async function retentionSettled(runsDir: string, before: FolderSize): Promise<FolderSize> {
  let after = await folderBytes(runsDir);
  for (let i = 0, still = 0; i < 100 && still < 5; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await folderBytes(runsDir);
    still = now.count === after.count && now.count !== before.count ? still + 1 : 0;
    after = now;
  }
  return after;
}

async function reportRetention(
  report: Report,
  runsDir: string,
  before: FolderSize,
  after: FolderSize,
): Promise<void> {
  const metas = await readdir(runsDir);
  let oldest = Date.now();
  for (const name of metas) {
    const meta = JSON.parse(await readFile(join(runsDir, name, 'meta.json'), 'utf8')) as {
      finishedAt: string;
    };
    oldest = Math.min(oldest, Date.parse(meta.finishedAt));
  }
  const oldestDays = (Date.now() - oldest) / DAY;
  report.goal({
    name: 'Weeks: transcripts kept by retention',
    figure: `${fmt(after.bytes / MB)} MB in ${after.count} runs (was ${fmt(before.bytes / MB)} MB in ${before.count}); oldest ${fmt(oldestDays, 1)} days`,
    goal: '<= 500 MB, none older than 30 days',
    met: after.bytes <= 500 * MB && oldestDays <= 30,
  });
}

export async function measureWeeksOfUse(report: Report): Promise<void> {
  const base = await mkdtemp(join(tmpdir(), 'assistant-bench-weeks-'));
  const demo = await startDemoService({
    pacing: 'instant',
    limits: { requests: null, runs: null, tokens: null },
    maxRuns: RUNS + 100,
  });
  let backend: Backend | undefined;
  try {
    const dealIds = await fillService(demo);
    const dataDir = join(base, 'data');
    await writeTranscripts(dataDir, Date.now());
    const before = await folderBytes(join(dataDir, 'runs'));

    backend = await createBackend({
      dataDir,
      hostKind: 'browser',
      appVersion: '0.0.0-bench',
      platform: process.platform,
      secretStore: createMemorySecretStore(),
      log: createSilentLogger(),
      baseUrlOverride: demo.baseUrl,
      initialToken: demo.token,
      scheduler: false,
    });
    const host = backend;
    // Retention runs once, at start (after the interrupted runs are attached): let it finish,
    // then time what the user does all day.
    const after = await retentionSettled(join(dataDir, 'runs'), before);
    // The first reads fill the cache, as the first screen of the day does.
    await host.dispatch('deals.list', {}, { host: 'browser' });
    let page = 0;
    let deal = 0;
    const searches = ['contoso', 'negotiation', 'mobility', 'pharma', 'b.v.', '(1234)', 'zzz'];
    const openRuns = await timeAll(host, () => ({
      name: 'runs.list',
      input: { limit: 25, offset: 0 },
    }));
    const paging = await timeAll(host, () => ({
      name: 'runs.list',
      input: { limit: 25, offset: 25 * (1 + (page++ % 19)) },
    }));
    const openDeal = await timeAll(host, () => ({
      name: 'deals.get',
      input: { dealId: dealIds[(deal++ * 37) % dealIds.length] },
    }));
    const search = await timeAll(host, () => ({
      name: 'deals.list',
      input: { search: searches[deal++ % searches.length] },
    }));
    for (const [name, times] of [
      ['Weeks: opening Runs (runs.list, 500 runs)', openRuns],
      ['Weeks: paging Runs', paging],
      ['Weeks: opening a deal (deals.get)', openDeal],
      ['Weeks: searching 2,000 deals', search],
    ] as const) {
      const p95 = percentile(times, 95);
      report.goal({
        name,
        figure: `p95 ${fmt(p95, 1)} ms (median ${fmt(median(times), 1)})`,
        goal: '<= 100 ms at p95',
        met: p95 <= 100,
      });
    }
    report.detail(
      `Weeks of use: ${SAMPLES} samples each; ${fmt(dealIds.length)} deals and ${RUNS} runs on the service; ${TRANSCRIPTS} transcripts of ${fmt(EVENTS_PER_TRANSCRIPT)} events on disk.`,
    );
    await reportRetention(report, join(dataDir, 'runs'), before, after);
  } finally {
    await backend?.close();
    await demo.stop();
    await rm(base, { recursive: true, force: true });
  }
}
