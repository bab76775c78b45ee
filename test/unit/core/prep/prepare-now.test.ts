// Prepare asked for one meeting (autoPrep.prepare, the browser companion's Prepare): the
// automatic prep's agent on the meeting's deal with Prepare's question, under the same claim, so
// a meeting occurrence gets one prep however many ask (two presses at once, the timer after);
// a skipped prep may be asked for again once; Today hears of it; refusals say why.
import { describe, expect, it } from 'vitest';
import {
  createAutoPrep,
  type AutoPrepOptions,
  type StartPrepRun,
} from '../../../../electron/core/prep';
import { meetingsOf } from '../../../../electron/domain/briefings/meetings';
import { isAssistantError } from '../../../../electron/core/errors';
import { quietPrepOptions } from './memory-records';

const NOW = new Date('2026-11-24T07:00:00.000Z');
const BRIEFING = {
  meetings: [
    { id: 'm', title: 'Globex call', startsAt: '2026-11-24T10:00:00.000Z', dealId: 'deal-globex' },
    {
      id: 'o',
      title: 'Initech call',
      startsAt: '2026-11-24T10:30:00.000Z',
      dealId: 'deal-initech',
    },
  ],
};
const [GLOBEX, INITECH] = meetingsOf(BRIEFING);
const globex = { meetingKey: GLOBEX?.key ?? '', dealId: 'deal-globex' };

function prepWith(given: Partial<AutoPrepOptions> = {}) {
  const started: StartPrepRun[] = [];
  const told: unknown[] = [];
  let usageRead = 0;
  const autoPrep = createAutoPrep(
    quietPrepOptions({
      fetchBriefing: async () => BRIEFING,
      startRun: async (run) => {
        started.push(run);
        return { runId: `run-${started.length}` };
      },
      fetchUsage: () => {
        usageRead += 1;
        return Promise.reject(new Error('not read for a prep the user asks for'));
      },
      now: () => NOW,
      onChange: (preps) => told.push(preps),
      ...given,
    }),
  );
  return { autoPrep, started, told, usageRead: () => usageRead };
}

describe('Prepare for one meeting now', () => {
  it('starts the prep agent on the meeting’s deal with Prepare’s question, and Today hears of it', async () => {
    const { autoPrep, started, told, usageRead } = prepWith();
    const prepared = await autoPrep.prepare(globex);
    expect(prepared).toMatchObject({
      started: true,
      meeting: {
        meetingKey: globex.meetingKey,
        dealId: 'deal-globex',
        prep: { status: 'running', runId: 'run-1' },
      },
    });
    expect(started).toEqual([
      {
        agentId: 'research.account_brief',
        dealId: 'deal-globex',
        message: 'Prepare me for this meeting: key facts, open questions and risks.',
      },
    ]);
    expect(told.at(-1)).toMatchObject({
      meetings: [{ meetingKey: globex.meetingKey, prep: { status: 'running', runId: 'run-1' } }],
    });
    // The user's own question: the reserve kept for their questions is not asked about.
    expect(usageRead()).toBe(0);
    expect(autoPrep.owns('run-1')).toBe(true);
  });

  it('gives one prep per meeting occurrence: two presses at once, a third, then the timer', async () => {
    const { autoPrep, started } = prepWith({
      settings: () => ({
        mode: 'deal-meetings',
        leadMinutes: 60,
        reservePercent: 10,
        pollMinutes: 5,
      }),
    });
    const both = await Promise.all([autoPrep.prepare(globex), autoPrep.prepare(globex)]);
    expect(both.map((p) => p.started).sort()).toEqual([false, true]);
    const again = await autoPrep.prepare(globex);
    expect(again).toMatchObject({
      started: false,
      meeting: { prep: { status: 'running', runId: 'run-1' } },
    });
    expect(started).toHaveLength(1);
    // Its finish makes it ready; Prepare then shows that prep, as Today's "Read the prep" does.
    await autoPrep.runFinished({ runId: 'run-1', status: 'succeeded' });
    expect(await autoPrep.prepare(globex)).toMatchObject({
      started: false,
      meeting: { prep: { status: 'ready', runId: 'run-1' } },
    });
    expect(started).toHaveLength(1);
  });

  it('is the claim the timer honours: the automatic prep at its time starts no second run', async () => {
    let now = NOW;
    const { autoPrep, started } = prepWith({ now: () => now });
    await autoPrep.prepare(globex);
    now = new Date('2026-11-24T09:35:00.000Z'); // both meetings' prep times have come
    await autoPrep.check();
    expect(started.map((run) => run.dealId)).toEqual(['deal-globex', 'deal-initech']);
  });

  it('prepares while automatic prep is off, as Prepare on Today does', async () => {
    const { autoPrep, started } = prepWith({
      settings: () => ({ mode: 'off', leadMinutes: 60, reservePercent: 10, pollMinutes: 5 }),
    });
    expect(await autoPrep.prepare(globex)).toMatchObject({ started: true });
    expect(started).toHaveLength(1);
  });

  it('takes a prep that was skipped once more, once for two presses', async () => {
    let fail = true;
    const { autoPrep, started } = prepWith({
      startRun: async (run) => {
        started.push(run);
        if (fail) throw Object.assign(new Error('service down'), { status: 500 });
        return { runId: `run-${started.length}` };
      },
    });
    const first = await autoPrep.prepare(globex);
    expect(first.meeting.prep).toMatchObject({ status: 'skipped', reason: 'failed' });
    fail = false;
    const both = await Promise.all([autoPrep.prepare(globex), autoPrep.prepare(globex)]);
    expect(both.map((p) => p.started).sort()).toEqual([false, true]);
    expect(started).toHaveLength(2);
    expect(await autoPrep.prepare(globex)).toMatchObject({
      started: false,
      meeting: { prep: { status: 'running', runId: 'run-2' } },
    });
  });

  it('refuses a meeting not in the briefing, one about another deal, and no agent at all', async () => {
    const { autoPrep, started } = prepWith();
    const codeOf = (work: Promise<unknown>) =>
      work.then(
        () => 'prepared',
        (error: unknown) => (isAssistantError(error) ? error.code : 'not an AssistantError'),
      );
    expect(await codeOf(autoPrep.prepare({ meetingKey: 'gone', dealId: 'deal-globex' }))).toBe(
      'meeting_not_found',
    );
    // The Initech meeting asked for under the Globex deal the asker shows.
    expect(
      await codeOf(autoPrep.prepare({ meetingKey: INITECH?.key ?? '', dealId: 'deal-globex' })),
    ).toBe('meeting_not_found');
    const none = prepWith({ agentId: async () => undefined });
    expect(await codeOf(none.autoPrep.prepare(globex))).toBe('no_prep_agent');
    expect(started).toHaveLength(0);
    expect(none.started).toHaveLength(0);
  });
});
