// What Settings says about the desktop features: the host's capabilities in order, with browser
// mode's notifications refined by what only the page knows (its Web Notifications permission).
import type { Capability, DesktopCapabilities, HostKind } from '../../electron/contract';

export type WebPermission = 'granted' | 'denied' | 'default' | 'unsupported';

export interface FeatureLine {
  key: keyof DesktopCapabilities;
  label: string;
  available: boolean;
  /** "Available" or "Not available", then the reason when there is one. */
  text: string;
}

const LABELS: Record<keyof DesktopCapabilities, string> = {
  tray: 'Tray icon',
  globalShortcut: 'Global shortcut',
  notifications: 'Notifications',
  launchAtLogin: 'Open at login',
  osFocusMode: "System's Do not disturb",
  updates: 'Updates',
};

const ORDER: (keyof DesktopCapabilities)[] = [
  'notifications',
  'osFocusMode',
  'tray',
  'globalShortcut',
  'launchAtLogin',
  'updates',
];

/** Browser mode: the host cannot know the page's permission, so the page says how it shows them. */
export function browserNotifications(permission: WebPermission): Capability {
  switch (permission) {
    case 'granted':
      return {
        available: true,
        reason:
          'Shown inside the page, and as browser notifications while the page is in the background.',
      };
    case 'denied':
      return {
        available: true,
        reason:
          'This browser blocks notifications for this page, so they show inside the page only. Allow them in the site settings to see them elsewhere.',
      };
    case 'default':
      return {
        available: true,
        reason:
          'Shown inside the page. Allow browser notifications to see them while you are elsewhere.',
      };
    case 'unsupported':
      return {
        available: true,
        reason: 'This browser has no notifications for pages: they show inside the page only.',
      };
  }
}

export function featureLines(
  capabilities: DesktopCapabilities,
  host: HostKind,
  permission: WebPermission,
): FeatureLine[] {
  return ORDER.map((key) => {
    const capability =
      key === 'notifications' && host === 'browser'
        ? browserNotifications(permission)
        : capabilities[key];
    const status = capability.available ? 'Available' : 'Not available';
    return {
      key,
      label: LABELS[key],
      available: capability.available,
      text: capability.reason ? `${status}. ${capability.reason}` : `${status}.`,
    };
  });
}
