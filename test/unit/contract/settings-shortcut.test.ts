// The global shortcut as a setting: the settings schema refuses what the shortcut check refuses,
// at the setting's own path, so Settings shows the sentence next to the field.
import { describe, expect, it } from 'vitest';
import { Settings, SettingsPatch } from '../../../electron/contract';

describe('the global shortcut setting', () => {
  it('has a default, can be turned off, and is validated on update', () => {
    expect(Settings.parse({}).globalShortcut).toBe('CommandOrControl+Shift+A');
    expect(Settings.parse({ globalShortcut: null }).globalShortcut).toBeNull();
    expect(SettingsPatch.safeParse({ globalShortcut: 'Ctrl+Alt+D' }).success).toBe(true);
    const refused = SettingsPatch.safeParse({ globalShortcut: 'D' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['globalShortcut']);
    expect(refused.error?.issues[0]?.message).toMatch(/Add Ctrl, Alt, Cmd or Super/);
  });
});
