// What the desktop offers the app (tray, global shortcut, notifications, launch at login, the
// OS's focus modes, updates), worded for Settings, from what actually happened when the shell tried.
// Pure: the shell gathers the facts, this decides what to tell the user, so the app says what is
// missing instead of failing silently.
import type { Capability, DesktopCapabilities } from '../../contract';
import { shortcutCapability, type ShortcutState } from './shortcut';

export type LinuxSession = 'wayland' | 'x11';

/** The display server of a Linux session, from the environment the desktop sets. */
export function linuxSessionOf(
  env: Readonly<Record<string, string | undefined>>,
): LinuxSession | undefined {
  const type = env.XDG_SESSION_TYPE?.trim().toLowerCase();
  if (type === 'wayland' || type === 'x11') return type;
  if (env.WAYLAND_DISPLAY) return 'wayland';
  if (env.DISPLAY) return 'x11';
  return undefined;
}

export type TrayOutcome =
  | { created: true }
  /** The icon image is missing from the installation. */
  | { created: false; why: 'no-image' }
  /** Electron threw creating the tray: the desktop has none. */
  | { created: false; why: 'refused' };

export interface ElectronDesktopFacts {
  platform: string;
  /** app.isPackaged: login items only make sense for the installed app. */
  packaged: boolean;
  linuxSession?: LinuxSession;
  tray: TrayOutcome;
  shortcut: ShortcutState;
  /** Electron's Notification.isSupported(). */
  notificationsSupported: boolean;
  /** Whether this copy updates itself, from the update feed (core/updates). */
  updates: Capability;
}

export function trayCapability(platform: string, tray: TrayOutcome): Capability {
  if (!tray.created) {
    return {
      available: false,
      reason:
        tray.why === 'no-image'
          ? 'The tray icon is missing from this installation: closing the window quits the app. Reinstalling should fix it.'
          : 'This desktop offers no tray: closing the window quits the app.',
    };
  }
  if (platform === 'linux') {
    // Electron gets no answer from the panel, so a hidden icon cannot be detected.
    return {
      available: true,
      reason:
        'Some Linux desktops (GNOME without an AppIndicator extension) hide tray icons, and the app cannot tell. If you see none, closing the window still keeps the app running: open it again from your launcher.',
    };
  }
  return { available: true };
}

export function notificationsCapability(platform: string, supported: boolean): Capability {
  if (!supported) {
    return {
      available: false,
      reason:
        'This desktop offers apps no notifications: they show inside the app window instead, when it is open.',
    };
  }
  // No platform lets Electron ask whether the user turned them off for this app.
  const where =
    platform === 'darwin'
      ? 'System Settings → Notifications'
      : platform === 'win32'
        ? 'Settings → System → Notifications'
        : "your desktop's notification settings";
  return {
    available: true,
    reason: `If they never appear, check that ${where} allows them for Assistant Desktop.`,
  };
}

export function launchAtLoginCapability(platform: string, packaged: boolean): Capability {
  if (platform !== 'darwin' && platform !== 'win32') {
    return {
      available: false,
      reason:
        "Electron cannot add login items on Linux: add Assistant Desktop to your desktop's startup applications instead.",
    };
  }
  if (!packaged) {
    return {
      available: false,
      reason: 'Only the installed app can start at login (this is a development build).',
    };
  }
  return { available: true };
}

/**
 * Electron 45 has no API that reads macOS Focus, Windows Do not disturb / Focus, or a Linux
 * desktop's Do not disturb (only third-party native modules do, and on macOS not reliably since
 * Monterey). The OS still applies its mode to the native notifications the app shows, holding
 * them quietly in its notification centre; the app just cannot hold them back itself.
 */
export function osFocusModeCapability(platform: string): Capability {
  const name =
    platform === 'darwin'
      ? 'macOS Focus'
      : platform === 'win32'
        ? "Windows' Do not disturb"
        : "Your desktop's Do not disturb";
  return {
    available: false,
    reason: `${name} applies to these notifications itself (they arrive quietly in the notification centre), but the app cannot read it: use Do not disturb here to silence the app.`,
  };
}

export function electronCapabilities(facts: ElectronDesktopFacts): DesktopCapabilities {
  return {
    tray: trayCapability(facts.platform, facts.tray),
    globalShortcut: shortcutCapability(facts.shortcut, {
      platform: facts.platform,
      ...(facts.linuxSession === undefined ? {} : { linuxSession: facts.linuxSession }),
    }),
    notifications: notificationsCapability(facts.platform, facts.notificationsSupported),
    launchAtLogin: launchAtLoginCapability(facts.platform, facts.packaged),
    osFocusMode: osFocusModeCapability(facts.platform),
    updates: facts.updates,
  };
}

/** Browser mode: a page in a browser, served by a local host process. */
export function browserModeCapabilities(): DesktopCapabilities {
  return {
    tray: { available: false, reason: 'Browser mode has no tray icon: the desktop app has one.' },
    globalShortcut: {
      available: false,
      reason:
        'A browser page cannot register shortcuts outside itself: the desktop app can. Inside the page, press / to find a deal.',
    },
    notifications: {
      available: true,
      reason:
        'In browser mode, notifications show inside the page, and also as browser notifications if you allow them.',
    },
    launchAtLogin: {
      available: false,
      reason: 'Browser mode cannot start at login: only the desktop app can.',
    },
    osFocusMode: {
      available: false,
      reason:
        "Browser mode cannot read the OS's Do not disturb: use Do not disturb here to silence the app.",
    },
    updates: {
      available: false,
      reason:
        'Browser mode does not update itself: update the copy of the app you started it from.',
    },
  };
}
