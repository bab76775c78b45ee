// What Settings says about the desktop features: the host's capabilities in order, with browser
// mode's notifications refined by what only the page knows (its Web Notifications permission).
import type { Capability, DesktopCapabilities, HostKind } from '../../electron/contract';
import type { MessageId } from '../../electron/domain/i18n/messages';
import type { Translator } from '../../electron/domain/i18n/translator';

export type WebPermission = 'granted' | 'denied' | 'default' | 'unsupported';

export interface FeatureLine {
  key: keyof DesktopCapabilities;
  label: string;
  available: boolean;
  /** "Available" or "Not available", then the reason when there is one. */
  text: string;
}

const LABELS: Record<keyof DesktopCapabilities, MessageId> = {
  tray: 'settings.desktop.tray',
  globalShortcut: 'settings.desktop.globalShortcut',
  notifications: 'settings.desktop.notifications',
  launchAtLogin: 'settings.desktop.launchAtLogin',
  osFocusMode: 'settings.desktop.osFocusMode',
  updates: 'settings.desktop.updates',
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
export function browserNotifications(permission: WebPermission, t: Translator['t']): Capability {
  switch (permission) {
    case 'granted':
      return { available: true, reason: t('settings.desktop.browserGranted') };
    case 'denied':
      return { available: true, reason: t('settings.desktop.browserDenied') };
    case 'default':
      return { available: true, reason: t('settings.desktop.browserDefault') };
    case 'unsupported':
      return { available: true, reason: t('settings.desktop.browserUnsupported') };
  }
}

export function featureLines(
  capabilities: DesktopCapabilities,
  host: HostKind,
  permission: WebPermission,
  t: Translator['t'],
): FeatureLine[] {
  return ORDER.map((key) => {
    const capability =
      key === 'notifications' && host === 'browser'
        ? browserNotifications(permission, t)
        : capabilities[key];
    const { available, reason } = capability;
    let text: string;
    if (reason) {
      text = available
        ? t('settings.desktop.availableBecause', { reason })
        : t('settings.desktop.notAvailableBecause', { reason });
    } else {
      text = available ? t('settings.desktop.available') : t('settings.desktop.notAvailable');
    }
    return { key, label: t(LABELS[key]), available, text };
  });
}
