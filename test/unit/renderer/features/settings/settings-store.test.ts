// The settings store driven through its actions against a fake bridge, as the settings screen,
// start-up and the host's settings.changed event use it.
import { describe, expect, it } from 'vitest';
import { Settings } from '../../../../../electron/contract';
import { createSettingsStore } from '../../../../../src/features/settings/createSettingsStore';
import { resolveTheme } from '../../../../../src/features/settings/theme';
import { fail, fakeBridge, ok } from '../../support/fake-bridge';

const defaults = (): Settings => Settings.parse({});

describe('the settings store', () => {
  it('reads the settings, and saves a patch with the host’s answer as the new value', async () => {
    const bridge = fakeBridge();
    const store = createSettingsStore(bridge.call);
    bridge.answer('settings.get', () => ok(defaults()));
    await store.getState().load();
    expect(store.getState().settings.value?.theme).toBe('system');

    const answers = bridge.hold('settings.update');
    const saving = store.getState().update({ theme: 'dark' });
    expect(store.getState().saving).toBe(true);
    answers[0]?.(ok({ ...defaults(), theme: 'dark' }));
    expect(await saving).toBe(true);
    expect(bridge.inputs('settings.update')).toEqual([{ theme: 'dark' }]);
    expect(store.getState()).toMatchObject({ saving: false, saveError: undefined });
    expect(store.getState().settings.value?.theme).toBe('dark');
  });

  it('keeps the settings as they were, with the host’s error, when a save fails', async () => {
    const bridge = fakeBridge();
    const store = createSettingsStore(bridge.call);
    store.getState().receive(defaults());
    bridge.answer('settings.update', () => fail('invalid_input', 'Not a shortcut.'));
    expect(await store.getState().update({ globalShortcut: 'Nope' })).toBe(false);
    expect(store.getState().saving).toBe(false);
    expect(store.getState().saveError?.message).toBe('Not a shortcut.');
    expect(store.getState().settings.value?.globalShortcut).toBe(defaults().globalShortcut);
  });

  it('takes the settings the host pushes, whoever changed them', () => {
    const bridge = fakeBridge();
    const store = createSettingsStore(bridge.call);
    store.getState().receive({ ...defaults(), theme: 'light' });
    expect(store.getState().settings).toMatchObject({ loading: false, stale: false });
    expect(store.getState().settings.value?.theme).toBe('light');
    expect(bridge.calls).toEqual([]);
  });
});

describe('resolveTheme', () => {
  it('follows the OS unless the user chose', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
