// What Settings says about the desktop: every missing feature is named with a reason the user
// can act on, built from what actually happened (tray created or not, shortcut registered or
// refused, notifications supported or not), and always valid against the contract.
import { describe, expect, it } from 'vitest';
import { AppInfo, DesktopCapabilities } from '../../../../electron/contract';
import {
  browserModeCapabilities,
  electronCapabilities,
  launchAtLoginCapability,
  linuxSessionOf,
  notificationsCapability,
  osFocusModeCapability,
  planShortcut,
  shortcutCapability,
  trayCapability,
  type ShortcutState,
} from '../../../../electron/core/desktop';

const registered: ShortcutState = { status: 'registered', accelerator: 'CommandOrControl+Shift+A' };

describe('desktop capabilities', () => {
  it('browser mode says what it lacks and why', () => {
    const caps = browserModeCapabilities();
    expect(DesktopCapabilities.parse(caps)).toEqual(caps);
    expect(caps.tray).toMatchObject({
      available: false,
      reason: expect.stringMatching(/Browser mode/),
    });
    expect(caps.globalShortcut.available).toBe(false);
    expect(caps.launchAtLogin.available).toBe(false);
    expect(caps.osFocusMode.available).toBe(false);
    expect(caps.notifications).toMatchObject({
      available: true,
      reason: expect.stringMatching(/inside the page/),
    });
  });

  it('the contract requires every capability in app.info', () => {
    const info = {
      name: 'Assistant Desktop',
      appVersion: '0.1.0',
      host: 'browser',
      platform: 'linux',
      versions: {},
      service: { baseUrl: 'http://127.0.0.1:1/api/v1/assistant', demo: true, pinned: false },
      notices: [],
    };
    expect(AppInfo.safeParse(info).success).toBe(false);
    expect(
      AppInfo.safeParse({ ...info, desktopCapabilities: browserModeCapabilities() }).success,
    ).toBe(true);
    const { tray: _tray, ...missingTray } = browserModeCapabilities();
    expect(DesktopCapabilities.safeParse(missingTray).success).toBe(false);
    expect(
      DesktopCapabilities.safeParse({ ...browserModeCapabilities(), tray: { reason: 'x' } })
        .success,
    ).toBe(false);
  });

  it('a tray the desktop refused, or an icon missing, is explained', () => {
    expect(trayCapability('win32', { created: true })).toEqual({ available: true });
    expect(trayCapability('linux', { created: true })).toMatchObject({
      available: true,
      reason: expect.stringMatching(/GNOME/),
    });
    expect(trayCapability('linux', { created: false, why: 'refused' })).toMatchObject({
      available: false,
      reason: expect.stringMatching(/no tray: closing the window quits/),
    });
    expect(trayCapability('darwin', { created: false, why: 'no-image' }).reason).toMatch(/missing/);
  });

  it('notifications the OS does not offer are said to show in the window instead', () => {
    expect(notificationsCapability('linux', false)).toMatchObject({
      available: false,
      reason: expect.stringMatching(/inside the app window/),
    });
    expect(notificationsCapability('darwin', true).reason).toMatch(
      /System Settings → Notifications/,
    );
    expect(notificationsCapability('win32', true).reason).toMatch(
      /Settings → System → Notifications/,
    );
  });

  it('launch at login is refused on Linux and in development builds', () => {
    expect(launchAtLoginCapability('linux', true)).toMatchObject({
      available: false,
      reason: expect.stringMatching(/startup applications/),
    });
    expect(launchAtLoginCapability('darwin', false)).toMatchObject({
      available: false,
      reason: expect.stringMatching(/development build/),
    });
    expect(launchAtLoginCapability('win32', true)).toEqual({ available: true });
  });

  it('says on every platform that Electron cannot read the OS focus mode', () => {
    for (const platform of ['darwin', 'win32', 'linux']) {
      expect(osFocusModeCapability(platform)).toMatchObject({
        available: false,
        reason: expect.stringMatching(/cannot read it/),
      });
    }
    expect(osFocusModeCapability('darwin').reason).toMatch(/macOS Focus/);
  });

  it('builds the whole set from what happened in Electron', () => {
    const caps = electronCapabilities({
      platform: 'linux',
      packaged: true,
      linuxSession: 'wayland',
      tray: { created: false, why: 'refused' },
      shortcut: { status: 'refused', accelerator: 'CommandOrControl+Shift+A' },
      notificationsSupported: true,
      updates: { available: false, reason: 'Updates come from your package manager on Linux.' },
    });
    expect(DesktopCapabilities.parse(caps)).toEqual(caps);
    expect(caps.tray.available).toBe(false);
    expect(caps.globalShortcut).toMatchObject({
      available: false,
      reason: expect.stringMatching(/Wayland/),
    });
    expect(caps.launchAtLogin.available).toBe(false);
    expect(caps.notifications.available).toBe(true);
    expect(caps.updates.reason).toMatch(/package manager/);
  });
});

describe('the global shortcut', () => {
  it('registers the setting, releases the old one first, and skips what is already held', () => {
    expect(planShortcut({ status: 'off' }, 'ctrl+shift+a')).toEqual({
      register: 'Control+Shift+A',
    });
    expect(planShortcut(registered, 'CommandOrControl+Alt+K')).toEqual({
      release: 'CommandOrControl+Shift+A',
      register: 'CommandOrControl+Alt+K',
    });
    expect(planShortcut(registered, 'cmdorctrl+shift+a')).toEqual({ state: registered });
    expect(planShortcut(registered, null)).toEqual({
      release: 'CommandOrControl+Shift+A',
      state: { status: 'off' },
    });
    expect(planShortcut({ status: 'off' }, null)).toEqual({ state: { status: 'off' } });
    // Refused before: trying again may work now (the other app may have quit).
    expect(
      planShortcut(
        { status: 'refused', accelerator: 'CommandOrControl+Shift+A' },
        'CommandOrControl+Shift+A',
      ),
    ).toEqual({ register: 'CommandOrControl+Shift+A' });
  });

  it('never registers a setting that is not a shortcut', () => {
    expect(planShortcut(registered, 'Shift+A')).toEqual({
      release: 'CommandOrControl+Shift+A',
      state: {
        status: 'failed',
        accelerator: 'Shift+A',
        message: expect.stringMatching(/Ctrl, Alt/),
      },
    });
  });

  it('explains a refusal: taken by another app, or Wayland', () => {
    const refused: ShortcutState = { status: 'refused', accelerator: 'CommandOrControl+Shift+A' };
    expect(shortcutCapability(refused, { platform: 'win32' })).toEqual({
      available: false,
      reason: 'Ctrl+Shift+A is taken by another app or by the system. Choose another shortcut.',
    });
    expect(shortcutCapability(refused, { platform: 'darwin' }).reason).toMatch(/^⌘⇧A is taken/);
    expect(
      shortcutCapability(refused, { platform: 'linux', linuxSession: 'wayland' }),
    ).toMatchObject({
      available: false,
      reason: expect.stringMatching(/Wayland desktop refused Ctrl\+Shift\+A/),
    });
    expect(
      shortcutCapability(registered, { platform: 'linux', linuxSession: 'wayland' }),
    ).toMatchObject({
      available: true,
      reason: expect.stringMatching(/the desktop decides/),
    });
    expect(shortcutCapability(registered, { platform: 'win32' })).toEqual({
      available: true,
      reason: 'Press Ctrl+Shift+A anywhere to find a deal.',
    });
    expect(
      shortcutCapability(
        { status: 'failed', accelerator: 'X', message: 'bad' },
        { platform: 'win32' },
      ),
    ).toMatchObject({ available: false });
  });

  it('tells a Wayland session from an X11 one', () => {
    expect(linuxSessionOf('linux', { XDG_SESSION_TYPE: 'wayland' })).toBe('wayland');
    expect(linuxSessionOf('linux', { XDG_SESSION_TYPE: 'x11', WAYLAND_DISPLAY: 'wayland-0' })).toBe(
      'x11',
    );
    expect(linuxSessionOf('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe('wayland');
    expect(linuxSessionOf('linux', { DISPLAY: ':0' })).toBe('x11');
    expect(linuxSessionOf('linux', {})).toBeUndefined();
  });

  it('finds no Linux session on macOS or Windows, whatever their environment says', () => {
    // XQuartz sets DISPLAY on macOS; an X server or WSL's tools may set them on Windows.
    const env = { XDG_SESSION_TYPE: 'wayland', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' };
    expect(linuxSessionOf('darwin', env)).toBeUndefined();
    expect(linuxSessionOf('win32', env)).toBeUndefined();
  });
});
