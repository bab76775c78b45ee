import { describe, expect, it } from 'vitest';
import { decideMeetings, emptyState, meetingsOf } from '../../../../electron/core/notifications';
import { MEETING_START_FIELDS } from '../../../../electron/domain/briefings/fields';
import { Harness, settingsOf } from './harness';

const meetingOnly = {
  enabled: { 'morning-briefing': false, quota: false, 'run-finished': false },
};

const DEAL = '7d1f6a0e-2b7c-4f0e-9a51-3c2b8e4d5f60';

function briefing(startsAt: string, extra: Record<string, unknown> = {}) {
  return {
    id: 'brf_1',
    meetingId: 'mtg_1',
    title: 'Proposal walkthrough – Acme',
    startsAt,
    dealId: DEAL,
    summary: '**Proposal walkthrough** with the buying committee.',
    ...extra,
  };
}

function meetingHarness(start: string, settings: Record<string, unknown> = {}) {
  return new Harness({
    start,
    timeZone: 'Europe/Berlin',
    settings: { ...meetingOnly, ...settings },
  });
}

describe('meeting briefing notifications', () => {
  it('notifies once, 15 minutes before the start, with a Prepare action for the deal', async () => {
    const harness = meetingHarness('2026-11-24T07:00:00.000Z', {
      prepAgentId: 'sales.meeting_prep',
    });
    harness.service.meeting = () => briefing('2026-11-24T09:00:00.000Z');
    await harness.host('2026-11-24T10:00:00.000Z');
    expect(harness.shown).toEqual([
      {
        at: '2026-11-24T08:45:00.000Z',
        decision: {
          kind: 'meeting-briefing',
          key: 'meeting-briefing:id:mtg_1',
          title: 'Proposal walkthrough – Acme',
          body: 'Starts at 10:00 AM (in 15 min) · Proposal walkthrough with the buying committee.',
          message: {
            title: { text: 'Proposal walkthrough – Acme' },
            body: [
              {
                id: 'desktop.notification.meetingStarts',
                // The instant and the user's zone: each reader sees 10:00 in their own digits.
                values: {
                  time: { time: '2026-11-24T09:00:00.000Z', timeZone: 'Europe/Berlin' },
                  minutes: 15,
                },
              },
              { text: 'Proposal walkthrough with the buying committee.' },
            ],
          },
          target: { screen: 'briefing', which: 'meeting' },
          actions: [
            { id: 'prepare', label: 'Prepare', agentId: 'sales.meeting_prep', dealId: DEAL },
          ],
        },
      },
    ]);
  });

  it('with no agent chosen, Prepare starts the agent suggested among those cached', async () => {
    const harness = meetingHarness('2026-11-24T08:50:00.000Z');
    harness.agents = [
      { id: 'sales.email_writer', title: 'Email writer' },
      { id: 'sales.deal_coach', title: 'Deal coach' },
    ];
    harness.service.meeting = () => briefing('2026-11-24T09:00:00.000Z');
    await harness.check('start');
    expect(harness.shown[0]?.decision.actions).toEqual([
      { id: 'prepare', label: 'Prepare', agentId: 'sales.deal_coach', dealId: DEAL },
    ]);
  });

  it('wakes for the lead time even when polling is rarer than that', async () => {
    const harness = meetingHarness('2026-11-24T08:00:00.000Z', {
      meetingPollMinutes: 60,
      meetingLeadMinutes: 10,
    });
    harness.service.meeting = () => briefing('2026-11-24T08:37:00.000Z');
    await harness.host('2026-11-24T09:00:00.000Z');
    expect(harness.shown.map((entry) => entry.at)).toEqual(['2026-11-24T08:27:00.000Z']);
  });

  it('notifies at once when first seen within the lead time, and not at all once started', async () => {
    const harness = meetingHarness('2026-11-24T08:50:00.000Z');
    harness.service.meeting = () => briefing('2026-11-24T09:00:00.000Z');
    await harness.check('start');
    expect(harness.shown.map((entry) => entry.decision.body)).toEqual([
      'Starts at 10:00 AM (in 10 min) · Proposal walkthrough with the buying committee.',
    ]);

    const late = meetingHarness('2026-11-24T09:00:00.000Z');
    late.service.meeting = () => briefing('2026-11-24T09:00:00.000Z');
    await late.host('2026-11-24T10:00:00.000Z');
    expect(late.shown).toEqual([]);
  });

  it('after a sleep across the lead time, notifies on waking if the meeting has not started', async () => {
    const harness = meetingHarness('2026-11-24T08:00:00.000Z');
    harness.service.meeting = () => briefing('2026-11-24T09:00:00.000Z');
    await harness.host('2026-11-24T10:00:00.000Z', [
      { from: '2026-11-24T08:30:00.000Z', to: '2026-11-24T08:52:00.000Z' },
    ]);
    expect(harness.shown.map((entry) => entry.at)).toEqual(['2026-11-24T08:52:00.000Z']);

    const overslept = meetingHarness('2026-11-24T08:00:00.000Z');
    overslept.service.meeting = () => briefing('2026-11-24T09:00:00.000Z');
    await overslept.host('2026-11-24T10:00:00.000Z', [
      { from: '2026-11-24T08:30:00.000Z', to: '2026-11-24T09:05:00.000Z' },
    ]);
    expect(overslept.shown).toEqual([]);
  });

  it('still announces a meeting the briefing has moved on from, unless it moved', async () => {
    // A service that only ever shows the next meeting at least 20 minutes away.
    const harness = meetingHarness('2026-11-24T08:00:00.000Z');
    harness.service.meeting = (now) =>
      now.getTime() <= Date.parse('2026-11-24T08:40:00.000Z')
        ? briefing('2026-11-24T09:00:00.000Z')
        : briefing('2026-11-24T09:30:00.000Z', { meetingId: 'mtg_2', title: 'Contract call' });
    await harness.host('2026-11-24T09:30:00.000Z');
    expect(harness.shown.map((entry) => [entry.at, entry.decision.key])).toEqual([
      ['2026-11-24T08:45:00.000Z', 'meeting-briefing:id:mtg_1'],
      ['2026-11-24T09:15:00.000Z', 'meeting-briefing:id:mtg_2'],
    ]);

    const moved = meetingHarness('2026-11-24T08:00:00.000Z');
    moved.service.meeting = (now) =>
      briefing(
        now.getTime() < Date.parse('2026-11-24T08:30:00.000Z')
          ? '2026-11-24T09:00:00.000Z'
          : '2026-11-24T11:00:00.000Z',
      );
    await moved.host('2026-11-24T11:00:00.000Z');
    expect(moved.shown.map((entry) => entry.at)).toEqual(['2026-11-24T10:45:00.000Z']);
  });

  it('announces a remembered meeting on time while offline', async () => {
    const harness = meetingHarness('2026-11-24T08:00:00.000Z');
    harness.service.meeting = () => briefing('2026-11-24T09:00:00.000Z');
    await harness.check('start');
    harness.service.offline = true;
    await harness.host('2026-11-24T09:30:00.000Z');
    expect(harness.shown.map((entry) => entry.at)).toEqual(['2026-11-24T08:45:00.000Z']);
  });

  it('notifies as soon as a briefing without a start time appears, once', async () => {
    const harness = meetingHarness('2026-11-24T08:00:00.000Z');
    harness.service.meeting = (now) =>
      now.getTime() < Date.parse('2026-11-24T08:20:00.000Z')
        ? {}
        : { id: 'brf_x', title: 'Quarterly review', summary: 'Bring the forecast.' };
    await harness.every(5, '2026-11-24T09:30:00.000Z');
    expect(harness.shown).toEqual([
      {
        at: '2026-11-24T08:20:00.000Z',
        decision: {
          kind: 'meeting-briefing',
          key: 'meeting-briefing:id:brf_x',
          title: 'Quarterly review',
          body: 'Bring the forecast.',
          message: {
            title: { text: 'Quarterly review' },
            body: [{ text: 'Bring the forecast.' }],
          },
          target: { screen: 'briefing', which: 'meeting' },
        },
      },
    ]);
  });

  it('fetches the meeting briefing every poll interval and on every wake', async () => {
    const harness = meetingHarness('2026-11-24T08:00:00.000Z');
    await harness.check('start');
    harness.clock.set('2026-11-24T08:03:00.000Z');
    await harness.check('timer');
    harness.clock.set('2026-11-24T08:04:00.000Z');
    await harness.check('wake');
    harness.clock.set('2026-11-24T08:08:00.000Z');
    await harness.check('timer');
    harness.clock.set('2026-11-24T08:09:00.000Z');
    await harness.check('timer');
    expect(harness.service.calls).toEqual(['meeting', 'meeting', 'meeting']);
  });

  it('offers Prepare only when a prep agent is chosen and the briefing names a deal', () => {
    const context = (prepAgentId: string | null) => ({
      now: new Date('2026-11-24T08:50:00.000Z'),
      timeZone: 'UTC',
      settings: settingsOf({ prepAgentId }),
      state: emptyState(),
    });
    const withDeal = briefing('2026-11-24T09:00:00.000Z');
    const { dealId: _drop, ...withoutDeal } = withDeal;
    expect(decideMeetings(context(null), withDeal).decisions[0]?.actions).toBeUndefined();
    expect(decideMeetings(context('a.b'), withoutDeal).decisions[0]?.actions).toBeUndefined();
    expect(decideMeetings(context('a.b'), withDeal).decisions[0]?.actions).toEqual([
      { id: 'prepare', label: 'Prepare', agentId: 'a.b', dealId: DEAL },
    ]);
  });
});

describe('reading meetings from briefings whose fields are not documented', () => {
  it('finds the start under each documented fallback name', () => {
    for (const field of MEETING_START_FIELDS) {
      const value = '2026-11-24T09:00:00.000Z';
      const record = field.includes('.')
        ? { [field.split('.')[0] as string]: { [field.split('.')[1] as string]: value } }
        : { [field]: value };
      expect(meetingsOf({ title: 'X', ...record })[0]?.startsAt, field).toBe(value);
    }
  });

  it('reads nested meetings, deal objects and epoch times', () => {
    expect(
      meetingsOf({
        headline: 'Prep for your next call',
        meeting: { id: 'm-9', subject: 'Pricing call', startTime: 1795510800 },
        deal: { id: 'deal-9', name: 'Acme' },
      }),
    ).toEqual([
      {
        key: 'meeting-briefing:id:m-9',
        title: 'Pricing call',
        summary: 'Prep for your next call',
        startsAt: '2026-11-24T09:00:00.000Z',
        dealId: 'deal-9',
      },
    ]);
    expect(meetingsOf({ linkedDealId: 'd-1', name: 'Sync', scheduledAt: 1795510800000 })).toEqual([
      {
        key: 'meeting-briefing:at:Sync@2026-11-24T09:00:00.000Z',
        title: 'Sync',
        startsAt: '2026-11-24T09:00:00.000Z',
        dealId: 'd-1',
      },
    ]);
  });

  it('keys by meeting id, else by title and start', () => {
    const [byId] = meetingsOf({ meetingId: 'mtg_1', id: 'brf_1', title: 'A' });
    expect(byId?.key).toBe('meeting-briefing:id:mtg_1');
    const [byTitle] = meetingsOf({ title: 'A', start: '2026-11-24T09:00:00Z' });
    expect(byTitle?.key).toBe('meeting-briefing:at:A@2026-11-24T09:00:00.000Z');
  });

  it('reads a list of meetings, bare or under a name, and ignores lists of other things', () => {
    const list = [
      { id: 'a', title: 'First', startsAt: '2026-11-24T09:00:00Z' },
      { id: 'b', title: 'Second', startsAt: '2026-11-24T10:00:00Z' },
    ];
    expect(meetingsOf(list).map((m) => m.key)).toEqual([
      'meeting-briefing:id:a',
      'meeting-briefing:id:b',
    ]);
    expect(meetingsOf({ meetings: list }).map((m) => m.key)).toHaveLength(2);
    expect(
      meetingsOf({ meetingId: 'm', title: 'One', items: ['Agenda', 'Pricing'] }).map((m) => m.key),
    ).toEqual(['meeting-briefing:id:m']);
  });

  it('sees no meeting in an empty or unrecognisable briefing, and ignores a bare clock time', () => {
    expect(meetingsOf(null)).toEqual([]);
    expect(meetingsOf({})).toEqual([]);
    expect(meetingsOf('text')).toEqual([]);
    expect(meetingsOf({ generatedAt: '2026-11-24T07:00:00Z' })).toEqual([]);
    expect(meetingsOf({ title: 'Standup', time: '10:00' })[0]?.startsAt).toBeUndefined();
  });
});
