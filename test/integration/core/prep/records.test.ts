// Automatic prep's files in the data folder: one-off tokens (a notice said once per billing
// period, a retry taken once) are kept as long as they stand for, then pruned with the records,
// so a salesperson's `auto-prep/` folder does not grow with every meeting and period.
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dirPrepRecords, type PrepRecord } from '../../../../electron/core/prep';

const DAY = 86_400_000;
const now = Date.parse('2026-11-24T08:00:00.000Z');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assistant-prep-records-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function record(startsAt: string): PrepRecord {
  return {
    version: 1,
    meetingKey: `meeting-briefing:id:${startsAt}`,
    startsAt,
    agentId: 'research.account_brief',
    claimedAt: new Date(Date.parse(startsAt) - DAY / 24).toISOString(),
    progress: { status: 'running', runId: 'run_1', startedAt: startsAt },
  };
}

describe('prep records in the data folder', () => {
  it('keeps a token until its date, refusing it again meanwhile, and prunes it after', async () => {
    const records = dirPrepRecords(dir);
    const periodEnd = new Date(now + 10 * DAY);
    expect(await records.once('quota:2026-11-01', periodEnd)).toBe(true);
    expect(await records.once('quota:2026-11-01', periodEnd)).toBe(false);

    await records.prune(new Date(now + 5 * DAY));
    expect(await records.once('quota:2026-11-01', periodEnd)).toBe(false);

    await records.prune(new Date(now + 11 * DAY));
    expect(await readdir(dir)).toEqual([]);
    expect(await records.once('quota:2026-11-01', periodEnd)).toBe(true);
  });

  it('prunes an undated token of an older version only once it is older than a year', async () => {
    const records = dirPrepRecords(dir);
    // Written as the first version wrote them: the name on a line, no date.
    const old = join(dir, `once-${'a'.repeat(32)}`);
    const recent = join(dir, `once-${'b'.repeat(32)}`);
    await writeFile(old, 'quota:2025-10-01\n');
    await writeFile(recent, 'quota:2026-11-01\n');
    const yearAndMore = new Date(now - 401 * DAY);
    await utimes(old, yearAndMore, yearAndMore);

    await records.prune(new Date(now));
    expect((await readdir(dir)).sort()).toEqual([`once-${'b'.repeat(32)}`]);
  });

  it('forgets the records of meetings that started before the cut, keeping later ones', async () => {
    const records = dirPrepRecords(dir);
    const past = record(new Date(now - 3 * DAY).toISOString());
    const today = record(new Date(now + DAY / 12).toISOString());
    expect(await records.claim(past)).toBe(true);
    expect(await records.claim(today)).toBe(true);

    await records.prune(new Date(now - 2 * DAY));
    expect((await records.list()).map((kept) => kept.startsAt)).toEqual([today.startsAt]);
  });
});
