// The inbox's unread count on the desktop, as plain data: the words for the tray's tooltip and
// menu, and what each OS shows on the app's icon (macOS: the dock badge's text; Linux: the
// launcher count Electron sets where the desktop supports it, Unity's launcher API; Windows: an
// overlay dot on the taskbar button, described for screen readers). electron/main applies it.
import { coreWords } from '../i18n/words';
import type { Translator } from '../../domain/i18n/translator';

/** "1 unread notification", "3 unread notifications"; undefined for none. */
export function unreadText(count: number, t: Translator['t'] = coreWords().t): string | undefined {
  if (count <= 0) return undefined;
  return t('desktop.tray.unread', { count });
}

/** The tray menu's entry that opens the inbox. */
export function unreadMenuLabel(count: number, t: Translator['t'] = coreWords().t): string {
  return count > 0
    ? t('desktop.tray.notificationsUnread', { count })
    : t('desktop.tray.notifications');
}

export type UnreadBadge =
  /** app.dock.setBadge(text); '' clears it. */
  | { kind: 'dock'; text: string }
  /** app.setBadgeCount(count); 0 clears it. */
  | { kind: 'count'; count: number }
  /** BrowserWindow.setOverlayIcon(dot or null, description). */
  | { kind: 'overlay'; show: boolean; description: string }
  | { kind: 'none' };

/** Badges hold a few characters: past 99 the exact number stops helping. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

export function unreadBadge(
  count: number,
  platform: string,
  t: Translator['t'] = coreWords().t,
): UnreadBadge {
  const unread = Math.max(0, Math.floor(count));
  switch (platform) {
    case 'darwin':
      return { kind: 'dock', text: badgeText(unread) };
    case 'linux':
      return { kind: 'count', count: unread };
    case 'win32':
      return { kind: 'overlay', show: unread > 0, description: unreadText(unread, t) ?? '' };
    default:
      return { kind: 'none' };
  }
}

/**
 * The Windows overlay: a filled dot, anti-aliased, as raw BGRA pixels (what Electron's
 * nativeImage.createFromBitmap takes), so no image file has to ship for it.
 */
export function overlayDotBitmap(
  size = 16,
  bgr: [number, number, number] = [0x26, 0x26, 0xdc],
): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const centre = size / 2;
  const radius = size / 2 - 0.5;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
      const coverage = Math.min(1, Math.max(0, radius + 0.5 - distance));
      const offset = (y * size + x) * 4;
      // Premultiplied, as Skia keeps bitmaps.
      pixels[offset] = Math.round(bgr[0] * coverage);
      pixels[offset + 1] = Math.round(bgr[1] * coverage);
      pixels[offset + 2] = Math.round(bgr[2] * coverage);
      pixels[offset + 3] = Math.round(255 * coverage);
    }
  }
  return pixels;
}
