// The contract cannot import core, so it mirrors the notification scheduler's settings schema.
// These checks keep the two from drifting apart.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { NotificationSettings, Settings } from '../../../electron/contract';
import { NotificationSettingsSchema } from '../../../electron/core/notifications/settings';

describe('notification settings in the contract', () => {
  it('has the same defaults as the scheduler', () => {
    expect(NotificationSettings.parse({})).toEqual(NotificationSettingsSchema.parse({}));
    expect(Settings.parse({}).notifications).toEqual(NotificationSettingsSchema.parse({}));
  });

  it('accepts and refuses the same values as the scheduler', () => {
    const cases: unknown[] = [
      { morningTime: '07:15' },
      { morningTime: '7:15' },
      { morningDays: ['mon', 'mon'] },
      { morningDays: ['sun', 'sat'] },
      { morningCatchUpMinutes: 4 },
      { meetingLeadMinutes: 241 },
      { meetingPollMinutes: 0 },
      { prepAgentId: '  ' },
      { prepAgentId: 'sales.prep' },
      { enabled: { quota: false } },
      { enabled: { quota: 'no' } },
      { doNotDisturb: true },
    ];
    for (const value of cases) {
      expect(NotificationSettings.safeParse(value).success, JSON.stringify(value)).toBe(
        NotificationSettingsSchema.safeParse(value).success,
      );
    }
  });

  it('has the same type', () => {
    expectTypeOf<ReturnType<typeof NotificationSettings.parse>>().toEqualTypeOf<
      ReturnType<typeof NotificationSettingsSchema.parse>
    >();
  });
});
