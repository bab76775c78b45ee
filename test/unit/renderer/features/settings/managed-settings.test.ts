// What Settings makes of IT's policies: which fields are the organisation's, the patch a form
// sends without the settings IT locked (core refuses a whole update naming one), and the store
// that follows the host's settings.managedChanged events.
import { describe, expect, it } from 'vitest';
import {
  NO_MANAGED_SETTINGS,
  SettingsPatch,
  type ManagedSettings,
} from '../../../../../electron/contract';
import { createManagedStore } from '../../../../../src/features/settings/createManagedStore';
import {
  isEmptyPatch,
  policyLevel,
  withoutLocked,
} from '../../../../../src/features/settings/managed';
import { fail, fakeBridge, ok } from '../../support/fake-bridge';

const managed: ManagedSettings = {
  locked: ['notifications.morningTime', 'notifications.enabled.quota', 'companion.crmDomains'],
  recommended: ['language'],
  problems: [],
};

describe('policyLevel', () => {
  it('tells a locked setting from an organisation default and from one IT left alone', () => {
    expect(policyLevel(managed, 'notifications.morningTime')).toBe('mandatory');
    expect(policyLevel(managed, 'language')).toBe('recommended');
    expect(policyLevel(managed, 'launchAtLogin')).toBeUndefined();
    // A group is not locked because one of its settings is.
    expect(policyLevel(managed, 'notifications.enabled')).toBeUndefined();
  });
});

describe('withoutLocked', () => {
  it('takes the locked settings out of a group the form sends whole, and keeps the rest', () => {
    const patch = {
      notifications: {
        enabled: { 'morning-briefing': true, 'meeting-briefing': false, quota: false },
        morningTime: '07:30',
        meetingLeadMinutes: 10,
      },
      theme: 'dark',
    } satisfies SettingsPatch;
    const sent = withoutLocked(patch, managed.locked);
    expect(sent).toEqual({
      notifications: {
        enabled: { 'morning-briefing': true, 'meeting-briefing': false },
        meetingLeadMinutes: 10,
      },
      theme: 'dark',
    });
    expect(SettingsPatch.safeParse(sent).success).toBe(true);
    // The form's own draft is left as it was.
    expect(patch.notifications.morningTime).toBe('07:30');
  });

  it('drops a group left empty, so a patch of locked settings only is nothing to send', () => {
    const sent = withoutLocked({ notifications: { morningTime: '07:30' } }, managed.locked);
    expect(sent).toEqual({});
    expect(isEmptyPatch(sent)).toBe(true);
  });

  it('takes out a setting whose value is an object whole (the CRM domains)', () => {
    const patch: SettingsPatch = {
      companion: { enabled: false, crmDomains: { 'crm.example.com': 'salesforce' } },
    };
    expect(withoutLocked(patch, managed.locked)).toEqual({ companion: { enabled: false } });
    // Unlocked, it is sent as it is.
    expect(withoutLocked(patch, ['notifications.morningTime'])).toEqual(patch);
  });

  it('sends a patch unchanged where nothing is locked', () => {
    const patch: SettingsPatch = { notifications: { morningTime: '07:30' } };
    expect(withoutLocked(patch, [])).toBe(patch);
  });
});

describe('the managed-settings store', () => {
  it('starts with nothing managed, reads what IT set, and follows the host’s changes', async () => {
    const bridge = fakeBridge();
    const store = createManagedStore(bridge.call);
    expect(store.getState().managed).toEqual(NO_MANAGED_SETTINGS);
    bridge.answer('settings.managed', () => ok(managed));
    await store.getState().load();
    expect(store.getState().managed).toEqual(managed);

    // IT moved the morning time to a default while the app runs.
    const moved: ManagedSettings = {
      ...managed,
      locked: managed.locked.filter((s) => s !== 'notifications.morningTime'),
      recommended: [...managed.recommended, 'notifications.morningTime'],
    };
    store.getState().receive(moved);
    expect(policyLevel(store.getState().managed, 'notifications.morningTime')).toBe('recommended');
    expect(bridge.inputs('settings.managed')).toHaveLength(1);
  });

  it('keeps what it knew, with the error, when the host cannot answer', async () => {
    const bridge = fakeBridge();
    const store = createManagedStore(bridge.call);
    store.getState().receive(managed);
    bridge.answer('settings.managed', () => fail('internal', 'No answer.'));
    await store.getState().load();
    expect(store.getState().managed).toEqual(managed);
    expect(store.getState().loadError?.message).toBe('No answer.');
  });
});
