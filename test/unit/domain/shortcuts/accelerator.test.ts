// Global shortcuts in Settings: what Electron accepts is accepted (and written canonically), a
// typo or a shortcut that would steal typing is refused with a sentence saying why.
import { describe, expect, it } from 'vitest';
import {
  checkAccelerator,
  displayAccelerator,
} from '../../../../electron/domain/shortcuts/accelerator';

describe('global shortcut accelerators', () => {
  it('accepts what Electron accepts, written canonically', () => {
    const cases: Array<[string, string]> = [
      ['CommandOrControl+Shift+A', 'CommandOrControl+Shift+A'],
      ['cmdorctrl+shift+a', 'CommandOrControl+Shift+A'],
      ['Ctrl+Alt+Space', 'Control+Alt+Space'],
      ['Option+Shift+F12', 'Alt+Shift+F12'],
      ['Super+num5', 'Super+num5'],
      ['Cmd+Plus', 'Command+Plus'],
      ['Alt+/', 'Alt+/'],
      [' Meta + K ', 'Super+K'],
      ['AltGr+pageup', 'AltGr+PageUp'],
    ];
    for (const [input, canonical] of cases) {
      expect(checkAccelerator(input), input).toEqual({ ok: true, accelerator: canonical });
    }
  });

  it('refuses with a reason', () => {
    const refused: Array<[string, RegExp]> = [
      ['', /Enter a shortcut/],
      ['A', /Add Ctrl, Alt, Cmd or Super/],
      ['Shift+A', /Add Ctrl, Alt, Cmd or Super/],
      ['Ctrl+Shift', /End the shortcut with a key/],
      ['Ctrl++', /Plus/],
      ['Hyper+A', /“Hyper” is not a modifier/],
      ['Ctrl+Ctrl+A', /appears twice/],
      ['Ctrl+F25', /not a key/],
      ['Ctrl+Shift+AB', /not a key/],
    ];
    for (const [input, message] of refused) {
      const checked = checkAccelerator(input);
      expect(checked.ok, input).toBe(false);
      if (!checked.ok) expect(checked.message, input).toMatch(message);
    }
  });

  it('is shown the way each OS writes shortcuts', () => {
    expect(displayAccelerator('CommandOrControl+Shift+A', 'win32')).toBe('Ctrl+Shift+A');
    expect(displayAccelerator('cmdorctrl+alt+k', 'linux')).toBe('Ctrl+Alt+K');
    expect(displayAccelerator('CommandOrControl+Shift+A', 'darwin')).toBe('⌘⇧A');
    expect(displayAccelerator('Control+Alt+Space', 'darwin')).toBe('⌃⌥Space');
  });
});
