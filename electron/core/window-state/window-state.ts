// The main window's size and place between launches. Saved bounds are only a wish: displays get
// unplugged, resolutions change, a laptop leaves its dock. The window is always put back where
// the user can see and grab it.

import { z } from 'zod';

export const Rect = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Rect = z.infer<typeof Rect>;

export const WindowState = z.object({
  /** The normal (not maximised) bounds, so un-maximising restores a sensible size. */
  bounds: Rect,
  isMaximized: z.boolean(),
  isFullScreen: z.boolean().default(false),
});
export type WindowState = z.infer<typeof WindowState>;

export interface DisplayArea {
  /** The display's work area (without taskbar, dock or menu bar), in screen coordinates. */
  workArea: Rect;
}

export interface WindowSizeLimits {
  defaultWidth: number;
  defaultHeight: number;
  minWidth: number;
  minHeight: number;
}

export interface RestoredWindow {
  /** Absent when the window should be centred by the OS on the primary display. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  isMaximized: boolean;
  isFullScreen: boolean;
}

/** Visible part (in px²) of `a` within `b`. */
function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/**
 * Where to open the window. The display that shows most of the saved bounds wins; the window is
 * shrunk to fit its work area (never below the minimum size unless the display itself is smaller)
 * and moved fully inside it. Bounds on no display at all fall back to the default size, centred.
 */
export function restoreWindowBounds(
  saved: WindowState | undefined,
  displays: readonly DisplayArea[],
  limits: WindowSizeLimits,
): RestoredWindow {
  const fallback: RestoredWindow = {
    width: limits.defaultWidth,
    height: limits.defaultHeight,
    isMaximized: false,
    isFullScreen: false,
  };
  const [first] = displays;
  if (first !== undefined) {
    fallback.width = Math.min(limits.defaultWidth, first.workArea.width);
    fallback.height = Math.min(limits.defaultHeight, first.workArea.height);
  }
  if (saved === undefined) return fallback;

  let best: DisplayArea | undefined;
  let bestArea = 0;
  for (const display of displays) {
    const area = overlapArea(saved.bounds, display.workArea);
    if (area > bestArea) {
      best = display;
      bestArea = area;
    }
  }
  if (best === undefined) {
    return { ...fallback, isMaximized: saved.isMaximized };
  }

  const area = best.workArea;
  const width = clamp(saved.bounds.width, Math.min(limits.minWidth, area.width), area.width);
  const height = clamp(saved.bounds.height, Math.min(limits.minHeight, area.height), area.height);
  const x = clamp(saved.bounds.x, area.x, area.x + area.width - width);
  const y = clamp(saved.bounds.y, area.y, area.y + area.height - height);
  return { x, y, width, height, isMaximized: saved.isMaximized, isFullScreen: saved.isFullScreen };
}

/** Electron reports fractional bounds on scaled displays; the saved form is whole pixels. */
export function toWindowState(
  bounds: { x: number; y: number; width: number; height: number },
  flags: { isMaximized: boolean; isFullScreen: boolean },
): WindowState {
  return {
    bounds: {
      x: Math.round(bounds.x),
      y: Math.round(bounds.y),
      width: Math.max(1, Math.round(bounds.width)),
      height: Math.max(1, Math.round(bounds.height)),
    },
    isMaximized: flags.isMaximized,
    isFullScreen: flags.isFullScreen,
  };
}
