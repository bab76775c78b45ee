// What the desktop offers the app (tray, global shortcut, notifications, launch at login, the
// OS's focus modes, updates), worded for Settings, from what actually happened when the shell tried.
// Pure but for the words, which are in the language in use: the shell gathers the facts, this
// decides what to tell the user, so the app says what is missing instead of failing silently.
import type { Capability, DesktopCapabilities } from '../../contract';
import { coreWords } from '../i18n/words';
import type { LinuxSession } from './linux-session';
import { shortcutCapability, type ShortcutState } from './shortcut';

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
          ? coreWords().t('desktop.capability.trayNoImage')
          : coreWords().t('desktop.capability.trayRefused'),
    };
  }
  if (platform === 'linux') {
    // Electron gets no answer from the panel, so a hidden icon cannot be detected.
    return {
      available: true,
      reason: coreWords().t('desktop.capability.trayLinuxHidden'),
    };
  }
  return { available: true };
}

export function notificationsCapability(platform: string, supported: boolean): Capability {
  if (!supported) {
    return {
      available: false,
      reason: coreWords().t('desktop.capability.notificationsUnsupported'),
    };
  }
  // No platform lets Electron ask whether the user turned them off for this app.
  return {
    available: true,
    reason: coreWords().t('desktop.capability.notificationsCheck', { platform }),
  };
}

export function launchAtLoginCapability(platform: string, packaged: boolean): Capability {
  if (platform !== 'darwin' && platform !== 'win32') {
    return {
      available: false,
      reason: coreWords().t('desktop.capability.loginLinux'),
    };
  }
  if (!packaged) {
    return {
      available: false,
      reason: coreWords().t('desktop.capability.loginDevelopment'),
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
  return {
    available: false,
    reason: coreWords().t('desktop.capability.osFocusMode', { platform }),
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
  const { t } = coreWords();
  return {
    tray: { available: false, reason: t('desktop.capability.browserTray') },
    globalShortcut: {
      available: false,
      reason: t('desktop.capability.browserShortcut'),
    },
    notifications: {
      available: true,
      reason: t('desktop.capability.browserNotifications'),
    },
    launchAtLogin: {
      available: false,
      reason: t('desktop.capability.browserLogin'),
    },
    osFocusMode: {
      available: false,
      reason: t('desktop.capability.browserFocusMode'),
    },
    updates: {
      available: false,
      reason: t('desktop.capability.browserUpdates'),
    },
  };
}
