// The application menu: the standard roles (so copy, paste, undo, zoom and window handling behave
// as on every other app of the platform) and nothing that reaches past the contract.

import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { Translator } from '../domain/i18n/translator';

export function installApplicationMenu(options: {
  platform: NodeJS.Platform;
  appName: string;
  /** Opens the app's Settings screen. */
  openSettings(): void;
  /** The menu's own words; the roles' items are Electron's, in the language it started in. */
  t: Translator['t'];
}): void {
  const { t } = options;
  const isMac = options.platform === 'darwin';
  const settings: MenuItemConstructorOptions = {
    label: isMac ? t('desktop.menu.settingsMac') : t('desktop.menu.settings'),
    accelerator: 'CmdOrCtrl+,',
    click: () => options.openSettings(),
  };
  const template: MenuItemConstructorOptions[] = [
    ...(isMac
      ? [
          {
            label: options.appName,
            submenu: [
              { role: 'about' },
              { type: 'separator' },
              settings,
              { type: 'separator' },
              { role: 'services' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ] satisfies MenuItemConstructorOptions[],
          },
        ]
      : []),
    {
      label: t('desktop.menu.file'),
      submenu: isMac ? [{ role: 'close' }] : [settings, { type: 'separator' }, { role: 'quit' }],
    },
    { role: 'editMenu', label: t('desktop.menu.edit') },
    { role: 'viewMenu', label: t('desktop.menu.view') },
    { role: 'windowMenu', label: t('desktop.menu.window') },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
