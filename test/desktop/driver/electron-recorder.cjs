// Loaded into the REAL Electron main process before the app (`electron -r this-file .`) by the
// real-binary driver (electron.ts): it keeps a reference to what the app creates on the desktop
// (tray, notifications, global shortcuts, links opened outside) so a journey can act on it as the
// user would, through electronApp.evaluate. It changes no behaviour.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, loaded by Electron's -r
const electron = require('electron');

const recorded = { trays: [], notifications: [], shortcuts: new Map(), opened: [] };
globalThis.__assistantDesktopTest = recorded;

const { Tray, Notification, globalShortcut, shell } = electron;
const setContextMenu = Tray.prototype.setContextMenu;
Tray.prototype.setContextMenu = function (menu) {
  if (!recorded.trays.includes(this)) recorded.trays.push(this);
  this.__menu = menu;
  return setContextMenu.call(this, menu);
};
const setToolTip = Tray.prototype.setToolTip;
Tray.prototype.setToolTip = function (text) {
  if (!recorded.trays.includes(this)) recorded.trays.push(this);
  this.__tooltip = text;
  return setToolTip.call(this, text);
};
const show = Notification.prototype.show;
Notification.prototype.show = function () {
  recorded.notifications.push(new WeakRef(this));
  return show.call(this);
};
const register = globalShortcut.register.bind(globalShortcut);
globalShortcut.register = (accelerator, callback) => {
  const ok = register(accelerator, callback);
  if (ok) recorded.shortcuts.set(accelerator, callback);
  return ok;
};
const openExternal = shell.openExternal.bind(shell);
shell.openExternal = async (url, options) => {
  recorded.opened.push(url);
  // Never start a browser from a test run.
  if (process.env.ASSISTANT_DESKTOP_TEST_OPEN_EXTERNAL === '1') return openExternal(url, options);
};
