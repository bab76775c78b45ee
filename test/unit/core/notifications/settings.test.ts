import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NotificationSettingsSchema,
  resolveNotificationSettings,
} from '../../../../electron/core/notifications';

describe('notification settings', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual({
      doNotDisturb: false,
      enabled: {
        'morning-briefing': true,
        'meeting-briefing': true,
        quota: true,
        'run-finished': true,
      },
      morningTime: '08:00',
      morningDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
      morningCatchUpMinutes: 180,
      meetingLeadMinutes: 15,
      meetingPollMinutes: 5,
      prepAgentId: null,
    });
  });

  it('fills what an older settings file lacks, inside a larger settings schema', () => {
    const AppSettings = z.object({ notifications: NotificationSettingsSchema.prefault({}) });
    // Days not chosen stay unchosen (null) on disk: the region's working days are core's to add.
    expect(AppSettings.parse({}).notifications).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      morningDays: null,
    });
    expect(
      AppSettings.parse({ notifications: { enabled: { quota: false }, morningTime: '07:30' } })
        .notifications,
    ).toMatchObject({ enabled: { quota: false, 'run-finished': true }, morningTime: '07:30' });
  });

  it("takes the region's working days for the morning until the user chooses days", () => {
    const sunToThu = ['sun', 'mon', 'tue', 'wed', 'thu'] as const;
    const unchosen = NotificationSettingsSchema.parse({});
    expect(resolveNotificationSettings(unchosen, sunToThu).morningDays).toEqual(sunToThu);
    const chosen = NotificationSettingsSchema.parse({ morningDays: ['mon', 'sat'] });
    expect(resolveNotificationSettings(chosen, sunToThu).morningDays).toEqual(['mon', 'sat']);
  });

  it('refuses bad values with a message naming the field', () => {
    const issue = (value: unknown) => {
      const result = NotificationSettingsSchema.safeParse(value);
      return result.success
        ? undefined
        : `${result.error.issues[0]?.path.join('.')}: ${result.error.issues[0]?.message}`;
    };
    expect(issue({ morningTime: '8:00' })).toBe('morningTime: Use a 24-hour time such as 08:30.');
    expect(issue({ morningTime: '24:00' })).toMatch(/^morningTime: /);
    expect(issue({ morningDays: ['mon', 'mon'] })).toBe('morningDays: must not repeat a day');
    expect(issue({ morningDays: ['monday'] })).toMatch(/^morningDays.0: /);
    expect(issue({ morningCatchUpMinutes: 24 * 60 })).toMatch(/^morningCatchUpMinutes: /);
    expect(issue({ meetingPollMinutes: 0 })).toMatch(/^meetingPollMinutes: /);
    expect(issue({ prepAgentId: '  ' })).toMatch(/^prepAgentId: /);
  });
});
