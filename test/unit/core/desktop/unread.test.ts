// The inbox's unread count on the desktop: the tray's tooltip and menu, and the badge each OS
// shows (the dock on macOS, the launcher count on Linux, an overlay dot on Windows).
import { describe, expect, it } from 'vitest';
import {
  buildTrayMenu,
  overlayDotBitmap,
  trayTooltip,
  unreadBadge,
} from '../../../../electron/core/desktop';

const clock = { now: new Date('2026-11-23T09:05:00Z'), timeZone: 'Europe/Berlin' };

describe('the unread count in the tray', () => {
  it('is in the tooltip only when there is something unread', () => {
    const base = { liveRuns: [], doNotDisturb: false };
    expect(trayTooltip({ ...base, unread: 0 }, clock)).toBe('Assistant Desktop');
    expect(trayTooltip({ ...base, unread: 1 }, clock)).toBe(
      'Assistant Desktop · 1 unread notification',
    );
    expect(trayTooltip({ ...base, unread: 3, doNotDisturb: true }, clock)).toBe(
      'Assistant Desktop · 3 unread notifications · do not disturb',
    );
  });

  it('labels the menu entry that opens the inbox', () => {
    const inboxItem = (unread: number) =>
      buildTrayMenu({ liveRuns: [], doNotDisturb: false, unread }, clock).find(
        (item) => item.kind === 'action' && item.command.type === 'open-inbox',
      );
    expect(inboxItem(0)).toMatchObject({ label: 'Notifications…' });
    expect(inboxItem(4)).toMatchObject({ label: 'Notifications (4 unread)…' });
  });
});

describe('the badge on the app icon', () => {
  it('is the dock badge text on macOS, cleared at zero and capped at 99+', () => {
    expect(unreadBadge(0, 'darwin')).toEqual({ kind: 'dock', text: '' });
    expect(unreadBadge(7, 'darwin')).toEqual({ kind: 'dock', text: '7' });
    expect(unreadBadge(150, 'darwin')).toEqual({ kind: 'dock', text: '99+' });
  });

  it('is the launcher count on Linux', () => {
    expect(unreadBadge(3, 'linux')).toEqual({ kind: 'count', count: 3 });
    expect(unreadBadge(0, 'linux')).toEqual({ kind: 'count', count: 0 });
  });

  it('is an overlay described for screen readers on Windows, removed at zero', () => {
    expect(unreadBadge(2, 'win32')).toEqual({
      kind: 'overlay',
      show: true,
      description: '2 unread notifications',
    });
    expect(unreadBadge(0, 'win32')).toEqual({ kind: 'overlay', show: false, description: '' });
    expect(unreadBadge(2, 'freebsd')).toEqual({ kind: 'none' });
  });

  it('draws the overlay dot as opaque BGRA in the middle and clear in the corners', () => {
    const size = 16;
    const pixels = overlayDotBitmap(size);
    expect(pixels).toHaveLength(size * size * 4);
    const alpha = (x: number, y: number) => pixels[(y * size + x) * 4 + 3];
    expect(alpha(8, 8)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(15, 15)).toBe(0);
    // Red in BGRA order.
    expect([...pixels.subarray((8 * size + 8) * 4, (8 * size + 8) * 4 + 3)]).toEqual([
      0x26, 0x26, 0xdc,
    ]);
  });
});
