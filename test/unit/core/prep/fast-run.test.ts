// A prep whose run ends before the answer to starting it arrives (a fast service, the demo's
// instant pace): its finish is heard before the run is known as a prep, and it still reads ready,
// with its one notification, instead of "being prepared" for good.
import { expect, it } from 'vitest';
import { createLogger } from '../../../../electron/core/logs/logger';
import { createAutoPrep, type AutoPrep } from '../../../../electron/core/prep';
import { memoryRecords } from './memory-records';

it('a prep whose run finished before its start was answered is ready, told once', async () => {
  const delivered: unknown[] = [];
  let autoPrep: AutoPrep | undefined;
  autoPrep = createAutoPrep({
    records: memoryRecords(),
    fetchBriefing: async () => ({
      meetings: [
        { id: 'm', title: 'Globex call', startsAt: '2026-11-24T10:00:00.000Z', dealId: 'd' },
      ],
    }),
    fetchUsage: () => Promise.reject(new Error('usage unknown: let through')),
    startRun: async () => {
      // The run manager tells of the finished run before this answer reaches the prep.
      await autoPrep?.runFinished({ runId: 'run-fast', status: 'succeeded' });
      return { runId: 'run-fast' };
    },
    readAnswer: async () => 'Key facts: the renewal is at risk.',
    settings: () => ({
      mode: 'deal-meetings',
      leadMinutes: 60,
      reservePercent: 10,
      pollMinutes: 5,
    }),
    agentId: async () => 'research.account_brief',
    now: () => new Date('2026-11-24T09:00:00.000Z'),
    timeZone: () => 'UTC',
    deliver: async (decision) => {
      delivered.push(decision);
    },
    log: createLogger({}),
  });
  await autoPrep.check();
  expect((await autoPrep.list()).meetings[0]?.prep).toMatchObject({
    status: 'ready',
    runId: 'run-fast',
    firstLines: 'Key facts: the renewal is at risk.',
  });
  expect(delivered).toHaveLength(1);
  expect(autoPrep.owns('run-fast')).toBe(true);
});
