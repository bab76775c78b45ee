// Transcript retention on a fake clock: the age rule, the size rule (oldest first), never a
// protected run's folder, and folders whose meta cannot be read.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneTranscripts, type RetentionPolicy } from '../../../../electron/core/runs/retention';
import type { TranscriptMeta } from '../../../../electron/core/runs/transcript-meta';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
const policy: RetentionPolicy = { maxAgeDays: 30, maxTotalMB: 500 };

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'assistant-retention-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A transcript folder whose run finished `daysAgo` days before NOW, with `bytes` of events. */
async function transcript(
  runId: string,
  daysAgo: number,
  bytes = 1_000,
  extra: Partial<TranscriptMeta> = {},
): Promise<void> {
  const at = new Date(NOW.getTime() - daysAgo * DAY).toISOString();
  const meta: TranscriptMeta = {
    version: 1,
    runId,
    done: true,
    startedAt: at,
    updatedAt: at,
    finishedAt: at,
    eventCount: 1,
    textLength: 1,
    ...extra,
  };
  await mkdir(join(root, runId), { recursive: true });
  await writeFile(join(root, runId, 'meta.json'), JSON.stringify(meta));
  await writeFile(join(root, runId, 'events.jsonl'), Buffer.alloc(bytes, 0x61));
}

const left = async (): Promise<string[]> => (await readdir(root)).sort();

describe('transcript retention', () => {
  it('removes transcripts of runs last active more than maxAgeDays ago, keeps the rest', async () => {
    await transcript('old', 31);
    await transcript('edge', 29.9);
    await transcript('new', 1);
    const result = await pruneTranscripts({ root, policy, now: NOW, isProtected: () => false });
    expect(result.removed).toEqual(['old']);
    expect(result.keptCount).toBe(2);
    expect(await left()).toEqual(['edge', 'new']);
  });

  it('counts age from the last activity: a run finished recently but started long ago stays', async () => {
    await transcript('long', 1, 1_000, {
      startedAt: new Date(NOW.getTime() - 60 * DAY).toISOString(),
    });
    await transcript('unfinished', 40, 1_000, {
      done: false,
      finishedAt: undefined,
      updatedAt: new Date(NOW.getTime() - 2 * DAY).toISOString(),
    });
    await pruneTranscripts({ root, policy, now: NOW, isProtected: () => false });
    expect(await left()).toEqual(['long', 'unfinished']);
  });

  it('past the size budget, removes the oldest first until the rest fits', async () => {
    await transcript('a', 5, 4 * MB);
    await transcript('b', 4, 4 * MB);
    await transcript('c', 3, 4 * MB);
    await transcript('d', 2, 4 * MB);
    const result = await pruneTranscripts({
      root,
      policy: { maxAgeDays: 30, maxTotalMB: 10 },
      now: NOW,
      isProtected: () => false,
    });
    expect(result.removed).toEqual(['a', 'b']);
    expect(result.removedBytes).toBeGreaterThanOrEqual(8 * MB);
    expect(result.keptBytes).toBeLessThanOrEqual(10 * MB);
    expect(await left()).toEqual(['c', 'd']);
  });

  it("never removes a protected (live) run's transcript, however old or large", async () => {
    await transcript('live-old', 90, 8 * MB);
    await transcript('done-old', 90);
    await transcript('done-new', 1, 4 * MB);
    const result = await pruneTranscripts({
      root,
      policy: { maxAgeDays: 30, maxTotalMB: 10 },
      now: NOW,
      isProtected: (folder) => folder === 'live-old',
    });
    // The live run is kept although the old ones alone do not bring the total under 10 MB: the
    // newer finished run goes too, as the budget is still exceeded with it.
    expect(result.removed).toEqual(['done-old', 'done-new']);
    expect(await left()).toEqual(['live-old']);
  });

  it('ages a folder without a readable meta by its files, and ignores stray files', async () => {
    await mkdir(join(root, 'broken'));
    await writeFile(join(root, 'broken', 'meta.json'), '{not json');
    await writeFile(join(root, 'broken', 'events.jsonl'), 'x');
    const old = new Date(NOW.getTime() - 45 * DAY);
    await utimes(join(root, 'broken', 'meta.json'), old, old);
    await utimes(join(root, 'broken', 'events.jsonl'), old, old);
    await writeFile(join(root, 'stray.txt'), 'not a run');
    await transcript('recent', 1);
    const result = await pruneTranscripts({ root, policy, now: NOW, isProtected: () => false });
    expect(result.removed).toEqual(['broken']);
    expect(await left()).toEqual(['recent', 'stray.txt']);
  });

  it('does nothing when there is no runs folder yet, or everything fits', async () => {
    await expect(
      pruneTranscripts({ root: join(root, 'absent'), policy, now: NOW, isProtected: () => false }),
    ).resolves.toEqual({ removed: [], removedBytes: 0, keptBytes: 0, keptCount: 0 });
    await transcript('one', 2);
    const result = await pruneTranscripts({ root, policy, now: NOW, isProtected: () => false });
    expect(result.removed).toEqual([]);
    expect(await left()).toEqual(['one']);
  });
});
