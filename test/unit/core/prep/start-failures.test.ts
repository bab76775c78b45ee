// What automatic prep does when the service refuses a start: a 503 is tried again later (after a
// minute, then five, then fifteen), a 429 never, and after two failed preps in a day none more.
import { describe, expect, it } from 'vitest';
import { AssistantError } from '../../../../electron/core/assistant-error';
import { createLogger } from '../../../../electron/core/logs/logger';
import { createAutoPrep, type AutoPrep } from '../../../../electron/core/prep';
import { quietPrepOptions } from './memory-records';

const log = createLogger({});

function prepWith(meetings: { id: string; startsAt: string }[], answers: (number | 'ok')[]) {
  let current = Date.parse('2026-11-24T09:00:00.000Z');
  const attempts: string[] = [];
  const autoPrep: AutoPrep = createAutoPrep(
    quietPrepOptions({
      fetchBriefing: async () => ({
        meetings: meetings.map((meeting) => ({ ...meeting, title: meeting.id, dealId: 'deal-1' })),
      }),
      startRun: async () => {
        attempts.push(new Date(current).toISOString().slice(11, 16));
        const answer = answers.shift() ?? 'ok';
        if (answer === 'ok') return { runId: `run-${attempts.length}` };
        throw new AssistantError({
          kind: 'service',
          message: 'refused',
          status: answer,
          retryable: true,
        });
      },
      now: () => new Date(current),
      log,
    }),
  );
  return {
    autoPrep,
    attempts,
    /** Checks whenever asked until `until` ("HH:MM" that day). */
    async runUntil(until: string) {
      const end = Date.parse(`2026-11-24T${until}:00.000Z`);
      for (;;) {
        const next = await autoPrep.check();
        if (next === undefined || next.getTime() > end) return;
        current = Math.max(next.getTime(), current);
      }
    },
  };
}

describe('automatic prep when the service refuses', () => {
  it('tries again after a 503: a minute later, then five', async () => {
    const day = prepWith([{ id: 'm', startsAt: '2026-11-24T10:00:00.000Z' }], [503, 503, 'ok']);
    await day.runUntil('09:30');
    expect(day.attempts).toEqual(['09:00', '09:01', '09:06']);
    expect((await day.autoPrep.list()).meetings[0]?.prep).toMatchObject({ status: 'running' });
  });

  it('never tries again after a 429', async () => {
    const day = prepWith([{ id: 'm', startsAt: '2026-11-24T10:00:00.000Z' }], [429]);
    await day.runUntil('09:50');
    expect(day.attempts).toEqual(['09:00']);
  });

  it('starts none after two failures in a day', async () => {
    const day = prepWith(
      [
        { id: 'a', startsAt: '2026-11-24T10:00:00.000Z' },
        { id: 'b', startsAt: '2026-11-24T10:00:00.000Z' },
        { id: 'c', startsAt: '2026-11-24T10:00:00.000Z' },
      ],
      [500, 500, 'ok'],
    );
    await day.runUntil('09:30');
    expect(day.attempts).toEqual(['09:00', '09:00']);
    expect((await day.autoPrep.list()).meetings.map((meeting) => meeting.prep)).toEqual([
      { status: 'skipped', reason: 'failed' },
      { status: 'skipped', reason: 'failed' },
      { status: 'skipped', reason: 'stopped-for-today' },
    ]);
  });
});
