// A prep whose run ends before the answer to starting it arrives (a fast service, the demo's
// instant pace): its finish is heard before the run is known as a prep, and it still reads ready,
// with its one notification, instead of "being prepared" for good.
import { expect, it } from 'vitest';
import { createAutoPrep, type AutoPrep } from '../../../../electron/core/prep';
import { quietPrepOptions } from './memory-records';

it('a prep whose run finished before its start was answered is ready, told once', async () => {
  const delivered: unknown[] = [];
  const autoPrep: AutoPrep = createAutoPrep(
    quietPrepOptions({
      fetchBriefing: async () => ({
        meetings: [
          { id: 'm', title: 'Globex call', startsAt: '2026-11-24T10:00:00.000Z', dealId: 'd' },
        ],
      }),
      startRun: async () => {
        // The run manager tells of the finished run before this answer reaches the prep.
        await autoPrep.runFinished({ runId: 'run-fast', status: 'succeeded' });
        return { runId: 'run-fast' };
      },
      readAnswer: async () => 'Key facts: the renewal is at risk.',
      now: () => new Date('2026-11-24T09:00:00.000Z'),
      deliver: async (decision) => {
        delivered.push(decision);
      },
    }),
  );
  await autoPrep.check();
  expect((await autoPrep.list()).meetings[0]?.prep).toMatchObject({
    status: 'ready',
    runId: 'run-fast',
    firstLines: 'Key facts: the renewal is at risk.',
  });
  expect(delivered).toHaveLength(1);
  expect(autoPrep.owns('run-fast')).toBe(true);
});
