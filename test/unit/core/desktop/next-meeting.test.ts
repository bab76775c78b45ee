// The tray's next meeting comes from the cached meeting briefing, read with the scheduler's own
// field fallbacks, so it names the same meeting the notification did.
import { describe, expect, it } from 'vitest';
import { meetingLine, nextMeeting, timeUntil } from '../../../../electron/core/desktop';
import { translatorFor } from '../../../support/translators';

const english = translatorFor('en');

const now = new Date('2026-11-23T09:00:00Z');
const dealId = '4623f483-b85d-5178-8205-db9d660593ee';

describe('the next meeting', () => {
  it('reads the demo-shaped meeting briefing', () => {
    const briefing = {
      id: 'brf_1',
      meetingId: 'mtg_1',
      title: 'Renewal call with Contoso',
      startsAt: '2026-11-23T09:40:00.000Z',
      dealId,
      agenda: ['Pricing', 'Timeline'],
      attendees: [{ name: 'Ana' }],
    };
    expect(nextMeeting(briefing, now)).toEqual({
      title: 'Renewal call with Contoso',
      startsAt: '2026-11-23T09:40:00.000Z',
      dealId,
    });
  });

  it('understands other field names the service may use', () => {
    const briefing = {
      meeting: {
        subject: 'QBR',
        start: { dateTime: '2026-11-23T10:00:00Z' },
        deal: { id: dealId },
      },
    };
    expect(nextMeeting(briefing, now)).toEqual({
      title: 'QBR',
      startsAt: '2026-11-23T10:00:00.000Z',
      dealId,
    });
  });

  it('skips meetings that have started and takes the soonest of the rest', () => {
    const briefing = {
      meetings: [
        { id: 'a', title: 'Later', startsAt: '2026-11-23T15:00:00Z' },
        { id: 'b', title: 'Started', startsAt: '2026-11-23T08:30:00Z' },
        { id: 'c', title: 'Untimed' },
        { id: 'd', title: 'Soon', startsAt: '2026-11-23T09:15:00Z' },
      ],
    };
    expect(nextMeeting(briefing, now)?.title).toBe('Soon');
    const onlyStarted = { title: 'Started', startsAt: '2026-11-23T08:30:00Z' };
    expect(nextMeeting(onlyStarted, now)).toBeUndefined();
    expect(nextMeeting({ title: 'No time given' }, now)).toEqual({ title: 'No time given' });
  });

  it('has none for an empty or unreadable briefing', () => {
    expect(nextMeeting({}, now)).toBeUndefined();
    expect(nextMeeting(null, now)).toBeUndefined();
    expect(nextMeeting('text', now)).toBeUndefined();
  });

  it('says when, in words and in the local time zone', () => {
    expect(timeUntil('2026-11-23T09:00:30Z', now, english.t)).toBe('in 1 min');
    expect(timeUntil('2026-11-23T09:59:00Z', now, english.t)).toBe('in 59 min');
    expect(timeUntil('2026-11-23T11:00:00Z', now, english.t)).toBe('in 2 h');
    expect(timeUntil('2026-11-23T11:07:00Z', now, english.t)).toBe('in 2 h 7 min');
    expect(timeUntil('2026-11-23T08:00:00Z', now, english.t)).toBe('now');
    const meeting = { title: 'Renewal', startsAt: '2026-11-23T09:30:00Z' };
    expect(meetingLine(meeting, now, 'America/New_York')).toBe('Renewal · 4:30 AM (in 30 min)');
    expect(meetingLine(meeting, now, 'Asia/Kolkata')).toBe('Renewal · 3:00 PM (in 30 min)');
    const long = { title: 'A'.repeat(80), startsAt: '2026-11-23T09:30:00Z' };
    expect(meetingLine(long, now, 'UTC')).toBe(`${'A'.repeat(47)}… · 9:30 AM (in 30 min)`);
  });
});
