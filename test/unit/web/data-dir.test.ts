// Browser mode's default data folder on each OS, whichever OS runs the test: the OS's per-user
// folder for application state, never a shared one.
import { describe, expect, it } from 'vitest';
import { defaultBrowserDataDir } from '../../../electron/web/data-dir';

describe("browser mode's default data folder", () => {
  it('is under %LOCALAPPDATA% on Windows, or AppData\\Local in the profile without it', () => {
    const home = 'C:\\Users\\dana';
    expect(
      defaultBrowserDataDir({ LOCALAPPDATA: 'D:\\Profiles\\dana\\Local' }, 'win32', home),
    ).toBe('D:\\Profiles\\dana\\Local\\Assistant Desktop\\browser-mode');
    expect(defaultBrowserDataDir({}, 'win32', home)).toBe(
      'C:\\Users\\dana\\AppData\\Local\\Assistant Desktop\\browser-mode',
    );
    // A relative one would land wherever the app was started from.
    expect(defaultBrowserDataDir({ LOCALAPPDATA: 'Local' }, 'win32', home)).toBe(
      'C:\\Users\\dana\\AppData\\Local\\Assistant Desktop\\browser-mode',
    );
  });

  it('is in ~/Library/Application Support on macOS, whatever XDG says', () => {
    expect(defaultBrowserDataDir({ XDG_STATE_HOME: '/xdg/state' }, 'darwin', '/Users/dana')).toBe(
      '/Users/dana/Library/Application Support/Assistant Desktop/browser-mode',
    );
  });

  it('is in the XDG state folder on Linux, ~/.local/state when unset or relative', () => {
    expect(defaultBrowserDataDir({ XDG_STATE_HOME: '/xdg/state' }, 'linux', '/home/dana')).toBe(
      '/xdg/state/assistant-desktop/browser-mode',
    );
    expect(defaultBrowserDataDir({}, 'linux', '/home/dana')).toBe(
      '/home/dana/.local/state/assistant-desktop/browser-mode',
    );
    expect(defaultBrowserDataDir({ XDG_STATE_HOME: 'state' }, 'linux', '/home/dana')).toBe(
      '/home/dana/.local/state/assistant-desktop/browser-mode',
    );
  });
});
