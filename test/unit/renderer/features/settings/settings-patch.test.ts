// The patches the settings forms ask the host to save, checked against the contract's schema as
// the forms check them before saving.
import { describe, expect, it } from 'vitest';
import { Settings, SettingsPatch } from '../../../../../electron/contract';
import {
  connectionPatch,
  notificationsDraft,
  notificationsPatch,
  notificationsPatchOf,
  rebaseDraft,
} from '../../../../../src/features/settings/settingsPatch';

const settings = Settings.parse({});

describe('the connection patch', () => {
  it('sends addresses trimmed, and an empty one as null (the default)', () => {
    expect(
      connectionPatch({ serviceUrl: ' https://a.example/api/v1/x ', signInUrl: '  ' }, false),
    ).toEqual({ serviceBaseUrl: 'https://a.example/api/v1/x', signInUrl: null });
  });

  it('leaves out the service address when ASSISTANT_BASE_URL pins it', () => {
    const patch = connectionPatch({ serviceUrl: '', signInUrl: 'https://a.example/login' }, true);
    expect(patch).toEqual({ signInUrl: 'https://a.example/login' });
    expect(SettingsPatch.safeParse(patch).success).toBe(true);
  });
});

describe('the notifications patch', () => {
  it('gives back the saved settings unchanged when nothing was edited', () => {
    const patch = notificationsPatch(notificationsDraft(settings));
    expect(SettingsPatch.parse(patch).notifications).toMatchObject({
      morningTime: settings.notifications.morningTime,
      morningDays: settings.notifications.morningDays,
      meetingLeadMinutes: settings.notifications.meetingLeadMinutes,
      prepAgentId: null,
    });
  });

  it("leaves days not chosen unchosen (null: the region's working days), and chosen ones as they are", () => {
    expect(notificationsPatch(notificationsDraft(settings)).notifications.morningDays).toBeNull();
    const chosen = Settings.parse({ notifications: { morningDays: ['sat'] } });
    expect(notificationsPatch(notificationsDraft(chosen)).notifications.morningDays).toEqual([
      'sat',
    ]);
  });

  it('puts the days in week order, whatever order they were ticked in', () => {
    const draft = {
      ...notificationsDraft(settings),
      morningDays: ['fri' as const, 'mon' as const],
    };
    expect(notificationsPatch(draft).notifications.morningDays).toEqual(['mon', 'fri']);
  });

  it('sends a lead time that is not a whole number as NaN, so the schema rejects it', () => {
    for (const typed of ['1.5', 'ten', '', '-5']) {
      const draft = { ...notificationsDraft(settings), meetingLeadMinutes: typed };
      const patch = notificationsPatch(draft);
      expect(patch.notifications.meetingLeadMinutes).toBeNaN();
      expect(SettingsPatch.safeParse(patch).success).toBe(false);
    }
    const draft = { ...notificationsDraft(settings), meetingLeadMinutes: ' 30 ' };
    expect(notificationsPatch(draft).notifications.meetingLeadMinutes).toBe(30);
  });

  it('sends no agent as null and a chosen one by id', () => {
    const draft = notificationsDraft(settings);
    expect(notificationsPatch(draft).notifications.prepAgentId).toBeNull();
    expect(
      notificationsPatch({ ...draft, prepAgentId: 'sales.prep' }).notifications.prepAgentId,
    ).toBe('sales.prep');
  });
});

describe('the patch of a switch that saves itself', () => {
  it('carries only the fields named, so a half-typed time is not sent along', () => {
    const draft = { ...notificationsDraft(settings), morningTime: '25:', doNotDisturb: true };
    const patch = notificationsPatchOf(draft, ['doNotDisturb']);
    expect(patch).toEqual({ notifications: { doNotDisturb: true } });
    expect(SettingsPatch.safeParse(patch).success).toBe(true);
  });

  it('converts what it carries as the whole patch does', () => {
    const draft = { ...notificationsDraft(settings), meetingLeadMinutes: '45', prepAgentId: '' };
    expect(notificationsPatchOf(draft, ['meetingLeadMinutes', 'prepAgentId'])).toEqual({
      notifications: { meetingLeadMinutes: 45, prepAgentId: null },
    });
  });
});

describe('the notifications draft when the saved settings change elsewhere', () => {
  it('follows IT’s new values where the user left the field, and keeps what they typed', () => {
    const before = Settings.parse({ notifications: { morningTime: '08:00' } });
    // IT locked the morning time and turned quota notifications off, while the user was typing
    // a lead time and had ticked off meeting briefings (not saved yet).
    const after = Settings.parse({
      notifications: { morningTime: '07:30', enabled: { quota: false } },
    });
    const draft = {
      ...notificationsDraft(before),
      meetingLeadMinutes: '25',
      enabled: { ...notificationsDraft(before).enabled, 'meeting-briefing': false },
    };
    const next = rebaseDraft(draft, before, after);
    expect(next.morningTime).toBe('07:30');
    expect(next.enabled).toMatchObject({ quota: false, 'meeting-briefing': false });
    expect(next.meetingLeadMinutes).toBe('25');
    // So leaving the field saves nothing IT set as if it were the user's.
    expect(next.morningTime).toBe(notificationsDraft(after).morningTime);
  });
});
