// The tray icon: open the app, jump to today's briefing, see and cancel live runs, switch
// Do-not-disturb, quit. It keeps working with the window closed. The menu itself is built as
// plain data by tray-model.ts; this maps it onto Electron's Menu.

import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron';
import type { Logger } from '../core/logs/logger';
import {
  buildTrayMenu,
  trayTooltip,
  type TrayCommand,
  type TrayItem,
  type TrayState,
} from './tray-model';
import { resourcePath } from './paths';

export interface AppTray {
  update(state: Partial<TrayState>): void;
  destroy(): void;
}

function trayImagePath(platform: NodeJS.Platform): string {
  // macOS: a black-and-alpha template image the menu bar recolours for light and dark mode;
  // Electron picks the @2x variant beside it on Retina displays.
  if (platform === 'darwin') return resourcePath('tray', 'trayTemplate.png');
  // Windows draws 16 px at 100 %; 32 px keeps it sharp at 200 %. Linux panels vary: 32 px.
  return resourcePath('tray', platform === 'win32' ? 'tray-16.png' : 'tray-32.png');
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

/** Undefined when the desktop has no tray (the caller says so in Settings and keeps the window). */
export function createAppTray(options: {
  platform: NodeJS.Platform;
  log: Logger;
  onCommand(command: TrayCommand): void;
  onClick(): void;
}): AppTray | undefined {
  const image = nativeImage.createFromPath(trayImagePath(options.platform));
  if (image.isEmpty()) {
    options.log.warn('Tray image missing; no tray icon', { path: trayImagePath(options.platform) });
    return undefined;
  }
  if (options.platform === 'darwin') image.setTemplateImage(true);

  let tray: Tray;
  try {
    tray = new Tray(image);
  } catch (error) {
    options.log.warn('This desktop offers no tray', { error });
    return undefined;
  }
  let state: TrayState = { liveRuns: [], doNotDisturb: false };
  const render = () => {
    if (tray.isDestroyed()) return;
    tray.setToolTip(trayTooltip(state));
    tray.setContextMenu(
      Menu.buildFromTemplate(
        buildTrayMenu(state).map((item) => toMenuItem(item, options.onCommand)),
      ),
    );
  };
  // Windows and most Linux panels open the window on click; macOS shows the menu instead.
  if (options.platform !== 'darwin') tray.on('click', () => options.onClick());
  render();

  return {
    update(next) {
      state = { ...state, ...next };
      render();
    },
    destroy() {
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}
