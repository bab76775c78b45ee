// The inbox's unread count on the app's icon: the dock badge on macOS, the launcher count on
// Linux (where the desktop supports Unity's launcher API), an overlay dot on the taskbar button
// on Windows. What to show is core's decision (electron/core/desktop/unread.ts); this applies it.

import { app, nativeImage, type BrowserWindow, type NativeImage } from 'electron';
import { overlayDotBitmap, unreadBadge } from '../core/desktop';

const DOT_SIZE = 16;

export interface UnreadBadgeView {
  show(count: number): void;
  /** A new window: the Windows overlay belongs to the window, so it is set again. */
  refresh(): void;
}

export function createUnreadBadge(appWindow: () => BrowserWindow | undefined): UnreadBadgeView {
  let count = 0;
  let dot: NativeImage | undefined;
  const apply = () => {
    const badge = unreadBadge(count, process.platform);
    switch (badge.kind) {
      case 'dock':
        app.dock?.setBadge(badge.text);
        return;
      case 'count':
        app.setBadgeCount(badge.count);
        return;
      case 'overlay': {
        dot ??= nativeImage.createFromBitmap(overlayDotBitmap(DOT_SIZE), {
          width: DOT_SIZE,
          height: DOT_SIZE,
        });
        appWindow()?.setOverlayIcon(badge.show ? dot : null, badge.description);
        return;
      }
      case 'none':
        return;
    }
  };
  return {
    show(next) {
      count = next;
      apply();
    },
    refresh: apply,
  };
}
