// What the OS does for some settings: the theme of native UI and the page, the login item, the
// tray's switches, the global shortcut. Applied at start and on every settings change.

import type { App, NativeTheme } from 'electron';
import type { Settings } from '../contract';
import { launchAtLoginCapability } from '../core/desktop';
import type { GlobalShortcut } from './global-shortcut';
import type { AppTray } from './tray';

export function createSettingsEffects(options: {
  app: Pick<App, 'setLoginItemSettings' | 'isPackaged'>;
  nativeTheme: Pick<NativeTheme, 'themeSource'>;
  platform: NodeJS.Platform;
  tray: () => AppTray | undefined;
  shortcut: GlobalShortcut;
}): (settings: Settings) => void {
  let lastShortcut: string | null | undefined;
  return (settings) => {
    options.nativeTheme.themeSource = settings.theme;
    options.tray()?.update({
      doNotDisturb: settings.notifications.doNotDisturb,
      prepAgentId: settings.notifications.prepAgentId,
    });
    // In development this would register the bare Electron binary as a login item.
    if (launchAtLoginCapability(options.platform, options.app.isPackaged).available) {
      options.app.setLoginItemSettings({ openAtLogin: settings.launchAtLogin });
    }
    if (settings.globalShortcut !== lastShortcut) {
      lastShortcut = settings.globalShortcut;
      options.shortcut.apply(settings.globalShortcut);
    }
  };
}
