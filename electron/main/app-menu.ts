// The application menu: the standard roles (so copy, paste, undo, zoom and window handling behave
// as on every other app of the platform) and nothing that reaches past the contract.
//
// Each role item carries its label in the language in use: Electron names role items itself, in
// the language it started in, so without our labels a language switch would leave half the menu
// behind until the next launch. The items and their order are Electron's own defaults for the
// editMenu, viewMenu and windowMenu roles (lib/browser/api/menu-item-roles.ts), which are used
// only when a role item has no submenu of its own.

import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { Translator } from '../domain/i18n/translator';

type Item = MenuItemConstructorOptions;
const separator: Item = { type: 'separator' };

export function installApplicationMenu(options: {
  platform: NodeJS.Platform;
  appName: string;
  /** Opens the app's Settings screen. */
  openSettings(): void;
  /** The words of the menu, its role items' included. */
  t: Translator['t'];
}): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(options)));
}

export function applicationMenuTemplate(options: {
  platform: NodeJS.Platform;
  appName: string;
  openSettings(): void;
  t: Translator['t'];
}): Item[] {
  const { t, platform } = options;
  const app = options.appName;
  const isMac = platform === 'darwin';
  const settings: Item = {
    label: isMac ? t('desktop.menu.settingsMac') : t('desktop.menu.settings'),
    accelerator: 'CmdOrCtrl+,',
    click: () => options.openSettings(),
  };
  const quit: Item = {
    role: 'quit',
    label: isMac
      ? t('desktop.menu.quitApp', { app })
      : platform === 'win32'
        ? t('desktop.menu.exit')
        : t('desktop.menu.quit'),
  };
  const edit: Item[] = [
    { role: 'undo', label: t('desktop.menu.undo') },
    { role: 'redo', label: t('desktop.menu.redo') },
    separator,
    { role: 'cut', label: t('desktop.menu.cut') },
    { role: 'copy', label: t('desktop.menu.copy') },
    { role: 'paste', label: t('desktop.menu.paste') },
    ...(isMac
      ? ([
          { role: 'pasteAndMatchStyle', label: t('desktop.menu.pasteAndMatchStyle') },
          { role: 'delete', label: t('desktop.menu.delete') },
          { role: 'selectAll', label: t('desktop.menu.selectAll') },
          separator,
          {
            label: t('desktop.menu.speech'),
            submenu: [
              { role: 'startSpeaking', label: t('desktop.menu.startSpeaking') },
              { role: 'stopSpeaking', label: t('desktop.menu.stopSpeaking') },
            ],
          },
        ] satisfies Item[])
      : ([
          { role: 'delete', label: t('desktop.menu.delete') },
          separator,
          { role: 'selectAll', label: t('desktop.menu.selectAll') },
        ] satisfies Item[])),
  ];
  const view: Item[] = [
    { role: 'reload', label: t('desktop.menu.reload') },
    { role: 'forceReload', label: t('desktop.menu.forceReload') },
    { role: 'toggleDevTools', label: t('desktop.menu.toggleDevTools') },
    separator,
    { role: 'resetZoom', label: t('desktop.menu.resetZoom') },
    { role: 'zoomIn', label: t('desktop.menu.zoomIn') },
    { role: 'zoomOut', label: t('desktop.menu.zoomOut') },
    separator,
    { role: 'togglefullscreen', label: t('desktop.menu.togglefullscreen') },
  ];
  const window: Item[] = [
    { role: 'minimize', label: t('desktop.menu.minimize') },
    { role: 'zoom', label: t('desktop.menu.zoom') },
    ...(isMac
      ? ([separator, { role: 'front', label: t('desktop.menu.front') }] satisfies Item[])
      : ([{ role: 'close', label: t('desktop.menu.close') }] satisfies Item[])),
  ];
  return [
    ...(isMac
      ? [
          {
            label: app,
            submenu: [
              { role: 'about', label: t('desktop.menu.about', { app }) },
              separator,
              settings,
              separator,
              { role: 'services', label: t('desktop.menu.services') },
              separator,
              { role: 'hide', label: t('desktop.menu.hide', { app }) },
              { role: 'hideOthers', label: t('desktop.menu.hideOthers') },
              { role: 'unhide', label: t('desktop.menu.unhide') },
              separator,
              quit,
            ] satisfies Item[],
          },
        ]
      : []),
    {
      label: t('desktop.menu.file'),
      submenu: isMac
        ? [{ role: 'close', label: t('desktop.menu.closeWindow') }]
        : [settings, separator, quit],
    },
    { role: 'editMenu', label: t('desktop.menu.edit'), submenu: edit },
    { role: 'viewMenu', label: t('desktop.menu.view'), submenu: view },
    { role: 'windowMenu', label: t('desktop.menu.window'), submenu: window },
  ];
}
