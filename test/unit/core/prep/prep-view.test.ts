// Where a meeting's automatic prep stands, as Today's card reads it.
import { describe, expect, it } from 'vitest';
import { firstLines, prepView, type PrepRecord } from '../../../../electron/core/prep';

const now = new Date('2026-11-24T08:00:00.000Z');
const meeting = (key: string, startsAt: string, dealId?: string) => ({
  key,
  startsAt,
  ...(dealId === undefined ? {} : { dealId }),
});
const base = {
  mode: 'deal-meetings' as const,
  leadMinutes: 60,
  records: [] as PrepRecord[],
  agentId: 'research.account_brief',
  now,
  timeZone: 'UTC',
};

describe('prepView', () => {
  it('schedules a deal meeting lead minutes ahead and leaves one without a deal alone', () => {
    const view = prepView({
      ...base,
      known: [
        meeting('b', '2026-11-24T11:00:00.000Z'),
        meeting('a', '2026-11-24T10:00:00.000Z', 'deal-1'),
      ],
    });
    expect(view.meetings.map((entry) => [entry.meetingKey, entry.prep])).toEqual([
      ['a', { status: 'scheduled', at: '2026-11-24T09:00:00.000Z' }],
      ['b', { status: 'skipped', reason: 'off' }],
    ]);
  });

  it('says why nothing will run: automatic prep off, no agent, too late, two failures today', () => {
    const soon = [meeting('a', '2026-11-24T08:05:00.000Z', 'deal-1')];
    expect(prepView({ ...base, mode: 'off', known: soon }).meetings[0]?.prep).toEqual({
      status: 'skipped',
      reason: 'off',
    });
    expect(prepView({ ...base, agentId: undefined, known: soon }).meetings[0]?.prep).toEqual({
      status: 'skipped',
      reason: 'no-agent',
    });
    expect(prepView({ ...base, known: soon }).meetings[0]?.prep).toEqual({
      status: 'skipped',
      reason: 'too-late',
    });
    const failed = (key: string): PrepRecord => ({
      version: 1,
      meetingKey: key,
      startsAt: '2026-11-24T07:30:00.000Z',
      agentId: 'research.account_brief',
      claimedAt: '2026-11-24T06:30:00.000Z',
      progress: { status: 'skipped', reason: 'failed', at: '2026-11-24T06:31:00.000Z' },
    });
    const later = [meeting('c', '2026-11-24T08:30:00.000Z', 'deal-1')];
    expect(
      prepView({ ...base, known: later, records: [failed('x'), failed('y')] }).meetings.at(-1)
        ?.prep,
    ).toEqual({ status: 'skipped', reason: 'stopped-for-today' });
  });

  it('keeps the prep of a meeting moved after it ran, rather than a second one', () => {
    const record: PrepRecord = {
      version: 1,
      meetingKey: 'a',
      startsAt: '2026-11-24T10:00:00.000Z',
      dealId: 'deal-1',
      agentId: 'research.account_brief',
      claimedAt: '2026-11-24T09:00:00.000Z',
      progress: {
        status: 'ready',
        runId: 'run-1',
        finishedAt: '2026-11-24T09:01:00.000Z',
        firstLines: 'Globex wants the pilot extended.',
        read: false,
      },
    };
    const view = prepView({
      ...base,
      now: new Date('2026-11-24T09:30:00.000Z'),
      known: [meeting('a', '2026-11-24T12:00:00.000Z', 'deal-1')],
      records: [record],
    });
    expect(view.meetings.map((entry) => entry.prep)).toEqual([
      expect.objectContaining({ status: 'ready', runId: 'run-1' }),
    ]);
  });
});

describe('firstLines', () => {
  it('keeps the first three lines of text without markdown marks, after the title and the quoted question', () => {
    expect(
      firstLines(
        '# Deal coach: Globex\n\n> Prepare me for this meeting\n\n- **Budget** approved\n> Risk: `legal`\nMore\nAnd more\n',
      ),
    ).toBe('Budget approved\nMore\nAnd more');
  });

  it('keeps headings and quotes when the answer has nothing else', () => {
    expect(firstLines('# Globex call\n> Risk: `legal`\n')).toBe('Globex call\nRisk: legal');
  });
});
