// The tray icon: open the app, find a deal, jump to today's briefing, the inbox (its unread count
// also in the tooltip) or the next meeting (and prepare for it), see and cancel live runs, switch
// Do-not-disturb, quit. It keeps working with
// the window closed. The menu is plain data from core (electron/core/desktop/tray-menu.ts); this
// maps it onto Electron's Menu and says whether the desktop took the icon.

import type { Translator } from '../domain/i18n/translator';
import {
  Menu,
  Tray,
  nativeImage,
  type MenuItemConstructorOptions,
  type NativeImage,
} from 'electron';
import { readFileSync } from 'node:fs';
import {
  buildTrayMenu,
  trayTooltip,
  type TrayClock,
  type TrayCommand,
  type TrayItem,
  type TrayOutcome,
  type TrayState,
} from '../core/desktop';
import type { Logger } from '../core/logs/logger';
import { resourceExists, resourcePath } from './paths';

export interface AppTray {
  update(state: Partial<TrayState>): void;
  /** Draws the menu again (the next meeting's "in N min" moves on with the clock). */
  refresh(): void;
  destroy(): void;
}

function trayImagePath(platform: NodeJS.Platform): string {
  // macOS: a black-and-alpha template image the menu bar recolours for light and dark mode;
  // Electron picks the @2x variant beside it on Retina displays.
  if (platform === 'darwin') return resourcePath('tray', 'trayTemplate.png');
  // Windows draws 16 px at 100 % (32 px added below for 200 %). Linux panels vary: 32 px.
  return resourcePath('tray', platform === 'win32' ? 'tray-16.png' : 'tray-32.png');
}

/** The tray image, on Windows with a 2x representation so high-DPI taskbars stay sharp. */
function trayImage(platform: NodeJS.Platform): NativeImage {
  const image = nativeImage.createFromPath(trayImagePath(platform));
  if (platform === 'win32' && !image.isEmpty() && resourceExists('tray', 'tray-32.png')) {
    image.addRepresentation({
      scaleFactor: 2,
      buffer: readFileSync(resourcePath('tray', 'tray-32.png')),
    });
  }
  return image;
}

function toMenuItem(
  item: TrayItem,
  run: (command: TrayCommand) => void,
): MenuItemConstructorOptions {
  switch (item.kind) {
    case 'separator':
      return { type: 'separator' };
    case 'label':
      return { label: item.label, enabled: false };
    case 'action':
      return { label: item.label, enabled: item.enabled ?? true, click: () => run(item.command) };
    case 'checkbox':
      return {
        label: item.label,
        type: 'checkbox',
        checked: item.checked,
        click: () => run(item.command),
      };
    case 'submenu':
      return { label: item.label, submenu: item.items.map((child) => toMenuItem(child, run)) };
  }
}

/** `tray` is undefined when the desktop has no tray; `outcome` says why, for Settings. */
export function createAppTray(options: {
  platform: NodeJS.Platform;
  log: Logger;
  clock: () => TrayClock;
  /** The language in use, read at each redraw. */
  translator: () => Translator;
  onCommand(command: TrayCommand): void;
  onClick(): void;
}): { tray: AppTray | undefined; outcome: TrayOutcome } {
  const image = trayImage(options.platform);
  if (image.isEmpty()) {
    options.log.warn('Tray image missing; no tray icon', { path: trayImagePath(options.platform) });
    return { tray: undefined, outcome: { created: false, why: 'no-image' } };
  }
  if (options.platform === 'darwin') image.setTemplateImage(true);

  let tray: Tray;
  try {
    tray = new Tray(image);
  } catch (error) {
    options.log.warn('This desktop offers no tray', { error });
    return { tray: undefined, outcome: { created: false, why: 'refused' } };
  }
  let state: TrayState = { liveRuns: [], doNotDisturb: false };
  const render = () => {
    if (tray.isDestroyed()) return;
    const clock = options.clock();
    const words = options.translator();
    tray.setToolTip(trayTooltip(state, clock, words));
    tray.setContextMenu(
      Menu.buildFromTemplate(
        buildTrayMenu(state, clock, words).map((item) => toMenuItem(item, options.onCommand)),
      ),
    );
  };
  // Windows and most Linux panels open the window on click; macOS shows the menu instead.
  if (options.platform !== 'darwin') tray.on('click', () => options.onClick());
  render();

  return {
    outcome: { created: true },
    tray: {
      update(next) {
        state = { ...state, ...next };
        render();
      },
      refresh: render,
      destroy() {
        if (!tray.isDestroyed()) tray.destroy();
      },
    },
  };
}
