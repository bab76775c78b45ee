// Browser mode: the host's notification decisions also as Web Notifications, where the user has
// allowed them. In Electron the main process shows native ones, so nothing is done here.
import type { AppNotification } from '../../electron/contract';
import { formatNotice } from '../../electron/domain/notifications/notification-text';
import { useHost } from './hostStore';
import { currentTranslator } from './i18n';

export function showWebNotification(n: AppNotification, onClick: () => void): void {
  if (useHost.getState().appInfo?.host !== 'browser') return;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  if (document.hasFocus()) return;
  try {
    // Formatted now, in the language in use now, as the OS shows it.
    const { title, body } = formatNotice(currentTranslator(), n);
    const shown = new Notification(title, { body, tag: n.id });
    shown.onclick = () => {
      window.focus();
      onClick();
      shown.close();
    };
  } catch {
    // Some browsers only allow notifications from a service worker: the toast is enough.
  }
}

export function canAskForWebNotifications(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'default';
}

export async function askForWebNotifications(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}
