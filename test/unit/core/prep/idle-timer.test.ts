// The idle cost of automatic prep: one timer to the next due moment, so a morning with twenty
// meetings whose prep times are hours away costs what a morning with none costs (one read of the
// briefing per poll interval), and no timer fires more often than once a minute.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../electron/core/logs/logger';
import { createAutoPrep, createAutoPrepWiring } from '../../../../electron/core/prep';
import { quietPrepOptions } from './memory-records';

const log = createLogger({});

/** Checks made over `minutes` of an idle morning from 07:00, with `count` meetings from 14:00. */
async function checksOver(minutes: number, count: number): Promise<number[]> {
  const meetings = Array.from({ length: count }, (_, index) => ({
    meetingId: `m-${index}`,
    title: `Call ${index}`,
    startsAt: new Date(Date.parse('2026-11-24T14:00:00.000Z') + index * 15 * 60_000).toISOString(),
    dealId: `deal-${index}`,
  }));
  const checkedAt: number[] = [];
  const autoPrep = createAutoPrep(
    quietPrepOptions({
      fetchBriefing: async () => {
        checkedAt.push(Date.now());
        return { meetings };
      },
      fetchUsage: () => Promise.reject(new Error('not asked while idle')),
      log,
    }),
  );
  const wiring = createAutoPrepWiring({
    autoPrep,
    signedIn: () => true,
    now: () => new Date(),
    log,
  });
  await wiring.check('start');
  await vi.advanceTimersByTimeAsync(minutes * 60_000);
  await wiring.close();
  return checkedAt;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-11-24T07:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('automatic prep while idle', () => {
  it('checks as often with twenty meetings later today as with none, never twice in a minute', async () => {
    const none = await checksOver(30, 0);
    vi.setSystemTime(new Date('2026-11-24T07:00:00.000Z'));
    const twenty = await checksOver(30, 20);
    // At start, then once per five-minute poll.
    expect(none).toHaveLength(7);
    expect(twenty).toHaveLength(none.length);
    const gaps = twenty.slice(1).map((at, index) => at - (twenty[index] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(60_000);
  });
});
