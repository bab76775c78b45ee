// Settings → On this computer, and the shortcut recorder: what the user reads about missing
// desktop features, and the keys they press becoming a shortcut Electron accepts.
import { describe, expect, it } from 'vitest';
import { acceleratorFromKeyPress, type KeyPress } from '../../../../src/lib/accelerator';
import { featureLines } from '../../../../src/lib/desktopFeatures';
import { englishT as t } from '../../../support/translators';

const press = (code: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key: '',
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('the shortcut recorder', () => {
  it('records the keys by position, Ctrl (or Cmd on a Mac) as CommandOrControl', () => {
    expect(acceleratorFromKeyPress(press('KeyA', { ctrlKey: true, shiftKey: true }), false)).toBe(
      'CommandOrControl+Shift+A',
    );
    expect(acceleratorFromKeyPress(press('KeyA', { metaKey: true, shiftKey: true }), true)).toBe(
      'CommandOrControl+Shift+A',
    );
    expect(acceleratorFromKeyPress(press('Space', { ctrlKey: true, altKey: true }), true)).toBe(
      'Control+Alt+Space',
    );
    expect(acceleratorFromKeyPress(press('Digit1', { altKey: true }), false)).toBe('Alt+1');
    expect(acceleratorFromKeyPress(press('F5', { metaKey: true }), false)).toBe('Super+F5');
    expect(acceleratorFromKeyPress(press('ArrowUp', { ctrlKey: true }), false)).toBe(
      'CommandOrControl+Up',
    );
  });

  it('records nothing while only modifiers are held or without Ctrl, Alt, Cmd or Super', () => {
    expect(acceleratorFromKeyPress(press('ControlLeft', { ctrlKey: true }), false)).toBeUndefined();
    expect(acceleratorFromKeyPress(press('KeyA', { shiftKey: true }), false)).toBeUndefined();
    expect(acceleratorFromKeyPress(press('KeyA'), false)).toBeUndefined();
  });
});

describe('what Settings says about this computer', () => {
  const caps = {
    tray: { available: false, reason: 'Browser mode has no tray icon: the desktop app has one.' },
    globalShortcut: { available: false, reason: 'No.' },
    notifications: { available: true, reason: 'From the host.' },
    launchAtLogin: { available: false, reason: 'Only the desktop app can.' },
    osFocusMode: { available: false, reason: 'Cannot read it.' },
    updates: { available: false, reason: 'Updates come from your package manager on Linux.' },
  };

  it('lists every feature with its status and reason', () => {
    const lines = featureLines(caps, 'electron', 'default', t);
    expect(lines.map((line) => line.label)).toEqual([
      'Notifications',
      "System's Do not disturb",
      'Tray icon',
      'Global shortcut',
      'Open at login',
      'Updates',
    ]);
    expect(lines.find((line) => line.key === 'tray')).toEqual({
      key: 'tray',
      label: 'Tray icon',
      available: false,
      text: 'Not available. Browser mode has no tray icon: the desktop app has one.',
    });
    expect(lines[0]?.text).toBe('Available. From the host.');
  });

  it('in browser mode, says how notifications show given the page permission', () => {
    const text = (permission: 'granted' | 'denied' | 'default' | 'unsupported') =>
      featureLines(caps, 'browser', permission, t)[0]?.text;
    expect(text('granted')).toMatch(/browser notifications while the page is in the background/);
    expect(text('denied')).toMatch(/blocks notifications for this page/);
    expect(text('default')).toMatch(/Allow browser notifications/);
    expect(text('unsupported')).toMatch(/inside the page only/);
  });
});
