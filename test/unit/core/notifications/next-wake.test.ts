import { describe, expect, it } from 'vitest';
import {
  emptyState,
  MAX_WAKE_INTERVAL_MS,
  nextWakeAt,
  type NotificationState,
} from '../../../../electron/core/notifications';
import { settingsOf } from './harness';

function wake(
  now: string,
  settings: Record<string, unknown>,
  state: Partial<NotificationState> = {},
  timeZone = 'Europe/Berlin',
): string {
  return nextWakeAt({
    now: new Date(now),
    timeZone,
    settings: settingsOf(settings),
    state: { ...emptyState(), ...state },
  }).toISOString();
}

const morningOnly = {
  enabled: { 'meeting-briefing': false, quota: false, 'run-finished': false },
};

describe('nextWakeAt tells the host when to check next', () => {
  it('is the next morning time, skipping days that are not chosen', () => {
    expect(wake('2026-11-24T05:30:00.000Z', morningOnly)).toBe('2026-11-24T07:00:00.000Z');
    // Friday 20:00 → capped at six hours, then Monday 08:00 from a later check.
    expect(wake('2026-11-27T19:00:00.000Z', morningOnly)).toBe('2026-11-28T01:00:00.000Z');
    expect(wake('2026-11-30T02:00:00.000Z', morningOnly, { lastMorningDate: '2026-11-27' })).toBe(
      '2026-11-30T07:00:00.000Z',
    );
  });

  it('never sleeps longer than the safety interval', () => {
    const now = '2026-11-24T12:00:00.000Z';
    const none = {
      enabled: {
        'morning-briefing': false,
        'meeting-briefing': false,
        quota: false,
        'run-finished': false,
      },
    };
    expect(Date.parse(wake(now, none)) - Date.parse(now)).toBe(MAX_WAKE_INTERVAL_MS);
  });

  it('is the next poll when meetings or quotas are on', () => {
    expect(wake('2026-11-24T12:00:00.000Z', {}, { lastPollAt: '2026-11-24T11:58:00.000Z' })).toBe(
      '2026-11-24T12:03:00.000Z',
    );
    expect(
      wake(
        '2026-11-24T12:00:00.000Z',
        { meetingPollMinutes: 30 },
        { lastPollAt: '2026-11-24T11:58:00.000Z' },
      ),
    ).toBe('2026-11-24T12:28:00.000Z');
    // Never polled, or the last poll is in the future (clock moved back): now.
    expect(wake('2026-11-24T12:00:00.000Z', {})).toBe('2026-11-24T12:00:00.000Z');
    expect(wake('2026-11-24T12:00:00.000Z', {}, { lastPollAt: '2026-11-24T13:00:00.000Z' })).toBe(
      '2026-11-24T12:00:00.000Z',
    );
  });

  it('is the moment a remembered meeting is to be announced', () => {
    expect(
      wake(
        '2026-11-24T12:00:00.000Z',
        { meetingPollMinutes: 60, meetingLeadMinutes: 10 },
        {
          lastPollAt: '2026-11-24T12:00:00.000Z',
          pendingMeetings: [{ key: 'meeting-briefing:id:m', startsAt: '2026-11-24T12:20:00.000Z' }],
        },
      ),
    ).toBe('2026-11-24T12:10:00.000Z');
  });

  it('retries a failed morning fetch two minutes after the attempt, within the window only', () => {
    expect(
      wake('2026-11-24T07:00:00.000Z', morningOnly, {
        lastMorningAttemptAt: '2026-11-24T07:00:00.000Z',
      }),
    ).toBe('2026-11-24T07:02:00.000Z');
    // Not yet tried today: due now.
    expect(
      wake('2026-11-24T07:30:00.000Z', morningOnly, {
        lastMorningAttemptAt: '2026-11-23T07:00:00.000Z',
      }),
    ).toBe('2026-11-24T07:30:00.000Z');
    // The window closes at 10:00 UTC; a retry at 10:00:30 would be too late.
    expect(
      wake('2026-11-24T09:58:30.000Z', morningOnly, {
        lastMorningAttemptAt: '2026-11-24T09:58:30.000Z',
      }),
    ).toBe('2026-11-24T15:58:30.000Z');
  });
});
