import { describe, expect, it } from 'vitest';
import { Harness, usageOf } from './harness';

const quotaOnly = {
  enabled: { 'morning-briefing': false, 'meeting-briefing': false, 'run-finished': false },
};

/** Runs one check per usage snapshot, five minutes apart; returns the keys notified at each. */
async function sequence(snapshots: unknown[]): Promise<string[][]> {
  const harness = new Harness({
    start: '2026-11-10T09:00:00.000Z',
    timeZone: 'Europe/Berlin',
    settings: quotaOnly,
  });
  const out: string[][] = [];
  for (const snapshot of snapshots) {
    harness.service.usage = () => snapshot;
    const result = await harness.check('usage-changed');
    out.push(result.show.map((decision) => decision.key));
    harness.clock.set(new Date(harness.clock.current.getTime() + 5 * 60_000));
  }
  return out;
}

const P1 = '2026-11-01T00:00:00.000Z';
const P2 = '2026-12-01T00:00:00.000Z';

describe('quota warnings', () => {
  it('warns once at 80, 95 and 100 %', async () => {
    const runs = (count: number) => usageOf({ runs: [count, 100] });
    expect(
      await sequence([runs(79), runs(80), runs(85), runs(95), runs(99), runs(100), runs(120)]),
    ).toEqual([
      [],
      [`quota:runs:${P1}:80`],
      [],
      [`quota:runs:${P1}:95`],
      [],
      [`quota:runs:${P1}:100`],
      [],
    ]);
  });

  it('says which quota and how much of it, and opens the usage screen', async () => {
    const harness = new Harness({
      start: '2026-11-10T09:00:00.000Z',
      timeZone: 'UTC',
      settings: quotaOnly,
    });
    harness.service.usage = () => usageOf({ requests: [800, 1000], runs: [100, 100] });
    const { show } = await harness.check('start');
    expect(show).toEqual([
      {
        kind: 'quota',
        key: `quota:requests:${P1}:80`,
        title: '80% of requests quota used',
        body: '800 of 1,000 requests used in this billing period.',
        // Kept as messages, so the inbox shows it in the language of whoever reads it.
        message: {
          title: {
            id: 'desktop.notification.quotaUsed',
            values: { quota: 'requests', ratio: 0.8 },
          },
          body: [
            {
              id: 'desktop.notification.quotaBody',
              values: { quota: 'requests', used: 800, limit: 1000 },
            },
          ],
        },
        target: { screen: 'usage' },
      },
      {
        kind: 'quota',
        key: `quota:runs:${P1}:100`,
        title: 'Runs quota reached',
        body: '100 of 100 runs used in this billing period.',
        message: {
          title: { id: 'desktop.notification.quotaReached', values: { quota: 'runs' } },
          body: [
            {
              id: 'desktop.notification.quotaBody',
              values: { quota: 'runs', used: 100, limit: 100 },
            },
          ],
        },
        target: { screen: 'usage' },
      },
    ]);
  });

  it('announces only the highest level when several are crossed at once, and never a lower one after', async () => {
    expect(
      await sequence([
        usageOf({ runs: [10, 100] }),
        usageOf({ runs: [97, 100] }),
        // The limit is raised mid-period: 97 of 120 is back at 80 %, already covered by 95.
        usageOf({ runs: [97, 120] }),
        usageOf({ runs: [120, 120] }),
      ]),
    ).toEqual([[], [`quota:runs:${P1}:95`], [], [`quota:runs:${P1}:100`]]);
  });

  it('counts input and output tokens together', async () => {
    expect(
      await sequence([
        usageOf({ tokens: [500, 299, 1000] }),
        usageOf({ tokens: [500, 300, 1000] }),
      ]),
    ).toEqual([[], [`quota:tokens:${P1}:80`]]);
  });

  it('never warns about a quota without a limit', async () => {
    expect(
      await sequence([
        usageOf({ requests: [10_000, null], runs: [500, null], tokens: [9e6, 9e6, null] }),
      ]),
    ).toEqual([[]]);
  });

  it('starts afresh in a new billing period', async () => {
    expect(
      await sequence([
        usageOf({ runs: [96, 100], start: P1 }),
        usageOf({ runs: [96, 100], start: P1 }),
        usageOf({ runs: [0, 100], start: P2 }),
        usageOf({ runs: [81, 100], start: P2 }),
      ]),
    ).toEqual([[`quota:runs:${P1}:95`], [], [], [`quota:runs:${P2}:80`]]);
  });

  it('reports a usage answer that breaks the documented shape and decides nothing from it', async () => {
    const harness = new Harness({
      start: '2026-11-10T09:00:00.000Z',
      timeZone: 'UTC',
      settings: quotaOnly,
    });
    harness.service.usage = () => ({ billingPeriod: { start: 'yesterday', end: P2 } });
    const result = await harness.check('start');
    expect(result.show).toEqual([]);
    expect(result.errors).toEqual([
      {
        source: 'usage',
        error: expect.objectContaining({ kind: 'schema', field: 'data.billingPeriod.start' }),
      },
    ]);
  });
});
