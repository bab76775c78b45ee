// What `import … from 'electron'` gives a bundle started by the Electron double (see hooks.mjs):
// the named exports of Electron's main-process module, taken from that launch's double.
const registry = globalThis[Symbol.for('assistant.electron-double')];
const launch = new URL(import.meta.url).searchParams.get('launch');
const electron = registry?.launches.get(launch);
if (electron === undefined) throw new Error(`Electron double: no launch ${launch}`);

export default electron;
export const {
  app,
  autoUpdater,
  BrowserWindow,
  clipboard,
  contentTracing,
  crashReporter,
  desktopCapturer,
  dialog,
  globalShortcut,
  inAppPurchase,
  ipcMain,
  Menu,
  MenuItem,
  MessageChannelMain,
  nativeImage,
  nativeTheme,
  net,
  netLog,
  Notification,
  powerMonitor,
  powerSaveBlocker,
  protocol,
  pushNotifications,
  safeStorage,
  screen,
  session,
  shell,
  systemPreferences,
  TouchBar,
  Tray,
  utilityProcess,
  webContents,
  webFrameMain,
} = electron;
