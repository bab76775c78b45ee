// "All meetings": a meeting the briefing gives no deal id is prepared on the deal its title names
// (as Today's card links it); "meetings with a deal" leaves it, and so does every mode when no
// single deal is named.
import { describe, expect, it } from 'vitest';
import type { AutoPrepMode } from '../../../../electron/contract';
import { createAutoPrep } from '../../../../electron/core/prep';
import { quietPrepOptions } from './memory-records';

async function startedFor(mode: AutoPrepMode, title: string) {
  const started: { dealId: string }[] = [];
  const autoPrep = createAutoPrep(
    quietPrepOptions({
      fetchBriefing: async () => ({
        meetings: [{ id: 'm', title, startsAt: '2026-11-24T10:00:00.000Z' }],
      }),
      dealNamedIn: async (named) => (named.includes('Globex') ? 'deal-globex' : undefined),
      startRun: async (run) => {
        started.push({ dealId: run.dealId });
        return { runId: 'run-1' };
      },
      settings: () => ({ mode, leadMinutes: 60, reservePercent: 10, pollMinutes: 5 }),
      now: () => new Date('2026-11-24T09:00:00.000Z'),
    }),
  );
  await autoPrep.check();
  return { started, meeting: (await autoPrep.list()).meetings[0] };
}

describe('a meeting whose deal only its title names', () => {
  it('is prepared on that deal in "all meetings"', async () => {
    const { started, meeting } = await startedFor('all-meetings', 'Globex pricing call');
    expect(started).toEqual([{ dealId: 'deal-globex' }]);
    expect(meeting).toMatchObject({ dealId: 'deal-globex', prep: { status: 'running' } });
  });

  it('is not prepared in "meetings with a deal", nor when no deal is named', async () => {
    expect((await startedFor('deal-meetings', 'Globex pricing call')).started).toEqual([]);
    expect((await startedFor('all-meetings', 'Team stand-up')).started).toEqual([]);
  });
});
