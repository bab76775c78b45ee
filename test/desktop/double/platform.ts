// The parts of Electron that reach the desktop rather than a page: they record what our code
// did and let a test act as the user or the OS (click a tray item or a notification, press the
// shortcut, put the machine to sleep), with Electron's documented rules enforced.

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createEvent } from './app';
import type { Launch } from './context';
import { strict, unsupported } from './unsupported';

// nativeImage ------------------------------------------------------------------------------
// https://www.electronjs.org/docs/latest/api/native-image

export class DoubleNativeImage {
  readonly representations: Array<{
    scaleFactor: number;
    width: number;
    height: number;
    path?: string;
  }> = [];
  template = false;
  constructor() {
    return strict('NativeImage', this);
  }
  static fromPath(path: string): DoubleNativeImage {
    const image = new DoubleNativeImage();
    const size = existsSync(path) ? pngSize(readFileSync(path)) : undefined;
    // A missing or unreadable file gives an empty image, not an error, as in Electron.
    if (size !== undefined) image.representations.push({ scaleFactor: 1, ...size, path });
    return image;
  }
  isEmpty(): boolean {
    return this.representations.length === 0;
  }
  getSize() {
    const first = this.representations[0];
    return first === undefined
      ? { width: 0, height: 0 }
      : { width: first.width, height: first.height };
  }
  setTemplateImage(flag: boolean): void {
    this.template = flag;
  }
  isTemplateImage(): boolean {
    return this.template;
  }
  addRepresentation(options: { scaleFactor?: number; buffer?: Buffer; dataURL?: string }): void {
    if (options.buffer === undefined)
      unsupported('nativeImage.addRepresentation without a PNG buffer');
    const size = pngSize(options.buffer);
    if (size === undefined) throw new Error('addRepresentation: the buffer is not a PNG image');
    this.representations.push({ scaleFactor: options.scaleFactor ?? 1, ...size });
  }
  getScaleFactors(): number[] {
    return this.representations.map((r) => r.scaleFactor);
  }
}

function pngSize(buffer: Buffer): { width: number; height: number } | undefined {
  if (buffer.length < 24 || buffer.toString('latin1', 1, 4) !== 'PNG') return undefined;
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

export const nativeImage = strict('nativeImage', {
  createFromPath: (path: string) => DoubleNativeImage.fromPath(path),
  createEmpty: () => new DoubleNativeImage(),
});

// Menu -------------------------------------------------------------------------------------
// https://www.electronjs.org/docs/latest/api/menu  https://www.electronjs.org/docs/latest/api/menu-item

export interface DoubleMenuItem {
  label: string;
  type: string;
  role?: string;
  enabled: boolean;
  checked: boolean;
  click?: (item: DoubleMenuItem, window: unknown, event: unknown) => void;
  submenu?: DoubleMenu;
}
export class DoubleMenu {
  constructor(readonly items: DoubleMenuItem[]) {
    return strict('Menu', this);
  }
}
const ROLES = new Set([
  'undo',
  'redo',
  'cut',
  'copy',
  'paste',
  'pasteAndMatchStyle',
  'delete',
  'selectAll',
  'reload',
  'forceReload',
  'toggleDevTools',
  'resetZoom',
  'zoomIn',
  'zoomOut',
  'togglefullscreen',
  'window',
  'minimize',
  'close',
  'help',
  'about',
  'services',
  'hide',
  'hideOthers',
  'unhide',
  'quit',
  'startSpeaking',
  'stopSpeaking',
  'zoom',
  'front',
  'appMenu',
  'fileMenu',
  'editMenu',
  'viewMenu',
  'shareMenu',
  'recentDocuments',
  'toggleTabBar',
  'selectNextTab',
  'selectPreviousTab',
  'showAllTabs',
  'mergeAllWindows',
  'clearRecentDocuments',
  'moveTabToNewWindow',
  'windowMenu',
]);
type Template = Record<string, unknown>;
function buildMenu(template: Template[]): DoubleMenu {
  return new DoubleMenu(
    template.map((entry) => {
      const role = entry.role as string | undefined;
      // An unknown role is an error in Electron's template validation.
      if (role !== undefined && !ROLES.has(role)) throw new Error(`Invalid menu role: ${role}`);
      const submenu = entry.submenu;
      return {
        label: typeof entry.label === 'string' ? entry.label : (role ?? ''),
        type:
          typeof entry.type === 'string'
            ? entry.type
            : submenu === undefined
              ? 'normal'
              : 'submenu',
        ...(role === undefined ? {} : { role }),
        enabled: entry.enabled !== false,
        checked: entry.checked === true,
        ...(typeof entry.click === 'function'
          ? { click: entry.click as DoubleMenuItem['click'] }
          : {}),
        ...(Array.isArray(submenu) ? { submenu: buildMenu(submenu as Template[]) } : {}),
      };
    }),
  );
}
export function createMenu(launch: Launch) {
  const record = { applicationMenu: undefined as DoubleMenu | undefined };
  const Menu = strict(
    'Menu (class)',
    Object.assign(DoubleMenu, {
      buildFromTemplate: (template: Template[]) => buildMenu(template),
      setApplicationMenu: (menu: DoubleMenu | null) => {
        launch.requireReady('Menu.setApplicationMenu');
        record.applicationMenu = menu ?? undefined;
      },
      getApplicationMenu: () => record.applicationMenu ?? null,
    }),
  );
  return { Menu, record };
}

/** Clicks the enabled item with this label (submenus searched too), as a user would. */
export function clickMenuItem(menu: DoubleMenu, label: string | RegExp): void {
  const find = (items: DoubleMenuItem[]): DoubleMenuItem | undefined => {
    for (const item of items) {
      if (typeof label === 'string' ? item.label === label : label.test(item.label)) return item;
      const inner = item.submenu === undefined ? undefined : find(item.submenu.items);
      if (inner !== undefined) return inner;
    }
    return undefined;
  };
  const item = find(menu.items);
  if (item === undefined)
    throw new Error(`No menu item ${String(label)} in ${JSON.stringify(menuLabels(menu))}`);
  if (!item.enabled) throw new Error(`The menu item ${item.label} is disabled`);
  if (item.type === 'checkbox') item.checked = !item.checked;
  item.click?.(item, undefined, createEvent());
}
export function menuLabels(menu: DoubleMenu): unknown[] {
  return menu.items.map((item) =>
    item.submenu === undefined ? item.label : { [item.label]: menuLabels(item.submenu) },
  );
}

// Tray -------------------------------------------------------------------------------------
// https://www.electronjs.org/docs/latest/api/tray

export function createTray(launch: Launch) {
  const trays: DoubleTray[] = [];
  class DoubleTray extends EventEmitter {
    tooltip = '';
    menu: DoubleMenu | undefined;
    destroyed = false;
    constructor(readonly image: DoubleNativeImage | string) {
      super();
      launch.requireReady('new Tray');
      if (typeof image !== 'string' && image.isEmpty()) unsupported('a Tray with an empty image');
      trays.push(this);
      return strict('Tray', this);
    }
    setToolTip(text: string): void {
      this.assertAlive();
      this.tooltip = text;
    }
    setContextMenu(menu: DoubleMenu | null): void {
      this.assertAlive();
      this.menu = menu ?? undefined;
    }
    setImage(_image: DoubleNativeImage | string): void {
      this.assertAlive();
    }
    destroy(): void {
      this.destroyed = true;
    }
    isDestroyed(): boolean {
      return this.destroyed;
    }
    private assertAlive(): void {
      // A destroyed tray's methods throw in Electron ("Tray is destroyed").
      if (this.destroyed) throw new Error('Tray is destroyed');
    }
  }
  return { Tray: strict('Tray (class)', DoubleTray), trays };
}

// Notification -------------------------------------------------------------------------------
// https://www.electronjs.org/docs/latest/api/notification
// Electron does not keep a Notification's JS object alive for the OS: once our code drops it,
// it can be garbage-collected with its handlers, and a later click reaches nobody. The double
// holds shown notifications only weakly, so a test that forces a collection sees the same.

export interface ShownNotification {
  title: string;
  body: string;
  actions: Array<{ type: string; text: string }>;
  /** The JS object, while our code (or anything) still holds it. */
  target: WeakRef<EventEmitter>;
  closed: boolean;
}
export function createNotification(launch: Launch) {
  const shown: ShownNotification[] = [];
  let activationHandler: ((details: unknown) => void) | undefined;
  class DoubleNotification extends EventEmitter {
    constructor(
      readonly options: {
        title?: string;
        body?: string;
        actions?: Array<{ type: string; text: string }>;
      } = {},
    ) {
      super();
      launch.requireReady('new Notification');
      return strict('Notification', this);
    }
    static isSupported(): boolean {
      return launch.options.notificationsSupported;
    }
    /** https://www.electronjs.org/docs/latest/api/notification#notificationhandleactivationcallback-windows */
    static handleActivation(callback: (details: unknown) => void): void {
      if (launch.options.platform !== 'win32')
        unsupported('Notification.handleActivation off Windows');
      activationHandler = callback;
    }
    show(): void {
      shown.push({
        title: this.options.title ?? '',
        body: this.options.body ?? '',
        actions: this.options.actions ?? [],
        target: new WeakRef(this),
        closed: false,
      });
      this.emit('show', createEvent());
    }
    close(): void {
      this.emit('close', createEvent());
    }
  }
  return {
    Notification: strict('Notification (class)', DoubleNotification),
    shown,
    activation: () => activationHandler,
  };
}

// globalShortcut -----------------------------------------------------------------------------
// https://www.electronjs.org/docs/latest/api/global-shortcut — usable only after `ready`;
// register returns false when another application holds the accelerator.

export function createGlobalShortcut(launch: Launch) {
  const registered = new Map<string, () => void>();
  const globalShortcut = strict('globalShortcut', {
    register(accelerator: string, callback: () => void): boolean {
      launch.requireReady('globalShortcut.register');
      if (launch.options.takenShortcuts.includes(accelerator) || registered.has(accelerator))
        return false;
      registered.set(accelerator, callback);
      return true;
    },
    unregister(accelerator: string): void {
      registered.delete(accelerator);
    },
    unregisterAll(): void {
      registered.clear();
    },
    isRegistered: (accelerator: string) => registered.has(accelerator),
  });
  return { globalShortcut, registered };
}

// safeStorage ------------------------------------------------------------------------------
// https://www.electronjs.org/docs/latest/api/safe-storage — not usable before `ready` (on Linux
// the keyring is chosen then); getSelectedStorageBackend is Linux only. Ciphertext is AES-GCM
// under the launch's "keyring" secret, so another secret (a reset keychain, another machine)
// cannot decrypt it.

export function createSafeStorage(launch: Launch) {
  const key = () => createHash('sha256').update(launch.options.keyringSecret).digest();
  const available = () => launch.ready && launch.options.safeStorage !== 'unavailable';
  const encrypt = (text: string): Buffer => {
    if (!available())
      throw new Error(
        'Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.',
      );
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key(), iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from('v11'), iv, cipher.getAuthTag(), body]);
  };
  const decrypt = (data: Buffer): string => {
    if (!available())
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.',
      );
    try {
      const iv = data.subarray(3, 15);
      const tag = data.subarray(15, 31);
      const decipher = createDecipheriv('aes-256-gcm', key(), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data.subarray(31)), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString.',
      );
    }
  };
  return strict('safeStorage', {
    isEncryptionAvailable: available,
    isAsyncEncryptionAvailable: async () => available(),
    encryptString: encrypt,
    decryptString: decrypt,
    encryptStringAsync: async (text: string) => encrypt(text),
    decryptStringAsync: async (data: Buffer) => ({ result: decrypt(data), shouldReEncrypt: false }),
    getSelectedStorageBackend(): string {
      if (launch.options.platform !== 'linux')
        unsupported('safeStorage.getSelectedStorageBackend off Linux');
      if (!launch.ready) return 'unknown';
      return launch.options.safeStorage === 'basic_text' ? 'basic_text' : 'gnome_libsecret';
    },
  });
}

// powerMonitor, net, nativeTheme, screen, shell --------------------------------------------------

export function createPowerMonitor(launch: Launch) {
  // https://www.electronjs.org/docs/latest/api/power-monitor — "cannot be used until the ready
  // event of the app module is emitted".
  class DoublePowerMonitor extends EventEmitter {
    constructor() {
      super();
      this.on('newListener', () => launch.requireReady('powerMonitor'));
      return strict('powerMonitor', this);
    }
    getSystemIdleState(): string {
      return 'active';
    }
    isOnBatteryPower(): boolean {
      return false;
    }
  }
  return new DoublePowerMonitor();
}

export function createNet(launch: Launch) {
  const state = { online: true, fetches: [] as string[] };
  // https://www.electronjs.org/docs/latest/api/net — usable after `ready`; here requests may go
  // to loopback only (tests never leave this machine).
  const net = strict('net', {
    isOnline: () => state.online,
    get online() {
      return state.online;
    },
    async fetch(input: string | Request, init?: RequestInit): Promise<Response> {
      launch.requireReady('net.fetch');
      const url = new URL(typeof input === 'string' ? input : input.url);
      if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
        throw new Error(
          `net::ERR_BLOCKED_BY_CLIENT (the Electron double reaches loopback only: ${url.host})`,
        );
      }
      state.fetches.push(url.href);
      if (!state.online) throw new TypeError('fetch failed: net::ERR_INTERNET_DISCONNECTED');
      return fetch(input, init);
    },
  });
  return { net, state };
}

export function createNativeTheme() {
  class DoubleNativeTheme extends EventEmitter {
    private source: 'system' | 'light' | 'dark' = 'system';
    constructor() {
      super();
      return strict('nativeTheme', this);
    }
    get themeSource() {
      return this.source;
    }
    set themeSource(value: 'system' | 'light' | 'dark') {
      // https://www.electronjs.org/docs/latest/api/native-theme#nativethemethemesource
      if (!['system', 'light', 'dark'].includes(value))
        throw new TypeError(`Invalid themeSource: ${String(value)}`);
      this.source = value;
      this.emit('updated');
    }
    get shouldUseDarkColors() {
      return this.source === 'dark';
    }
  }
  return new DoubleNativeTheme();
}

export function createScreen(launch: Launch) {
  const display = {
    id: 1,
    bounds: { x: 0, y: 0, width: 1920, height: 1080 },
    workArea: { x: 0, y: 0, width: 1920, height: 1040 },
    scaleFactor: 1,
  };
  // https://www.electronjs.org/docs/latest/api/screen — not before `ready`.
  return strict(
    'screen',
    Object.assign(new EventEmitter(), {
      getPrimaryDisplay: () => {
        launch.requireReady('screen.getPrimaryDisplay');
        return display;
      },
      getAllDisplays: () => {
        launch.requireReady('screen.getAllDisplays');
        return [display];
      },
    }),
  );
}

export function createShell() {
  const opened: string[] = [];
  const shell = strict('shell', {
    // Recorded, never opened: the tests must not start a browser on this machine.
    async openExternal(url: string): Promise<void> {
      opened.push(url);
    },
  });
  return { shell, opened };
}
