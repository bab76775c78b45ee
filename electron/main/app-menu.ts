// The application menu: the standard roles (so copy, paste, undo, zoom and window handling behave
// as on every other app of the platform) and nothing that reaches past the contract.

import { Menu, type MenuItemConstructorOptions } from 'electron';

export function installApplicationMenu(options: {
  platform: NodeJS.Platform;
  appName: string;
  /** Opens the app's Settings screen. */
  openSettings(): void;
}): void {
  const isMac = options.platform === 'darwin';
  const settings: MenuItemConstructorOptions = {
    label: isMac ? 'Settings…' : 'Settings',
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
      label: 'File',
      submenu: isMac ? [{ role: 'close' }] : [settings, { type: 'separator' }, { role: 'quit' }],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
