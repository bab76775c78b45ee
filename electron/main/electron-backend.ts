// Core started the Electron way: the session kept with safeStorage, requests through Chromium's
// network stack (the OS proxy settings and certificate store apply), sign-in in a window of its
// own, notifications shown natively, and the desktop's capabilities as this OS gives them.

import { osPolicyReader } from '../companion/registration/os-policies';
import { thisRun } from './companion-registration';
import { policySources } from '../core/policy/policy-sources';
import { negotiateLanguage } from '../domain/i18n/languages';
import { nodeTranslator } from '../domain/i18n/node-translator';
import { validLanguageTags } from '../core/i18n/language';
import { app, net, type BrowserWindow } from 'electron';
import { APP_VERSION } from '../core/api/headers';
import { createBackend, type Backend, type BackendOptions } from '../core/backend';
import { electronCapabilities, type LinuxSession } from '../core/desktop';
import type { RootLogger } from '../core/logs/logger';
import { updatesCapability } from '../core/updates';
import { startDemoService, type DemoService } from '../demo-service';
import type { GlobalShortcut } from './global-shortcut';
import type { NotificationPresenter } from './notifications';
import { createSafeStorageSecretStore } from './secret-store';
import { openExternalChecked } from './security';
import { openSignInWindow } from './sign-in-window';
import type { TrayController } from './tray-controller';
import { updateFeedOf } from './updates';

/** Electron, Chromium and Node versions, for app.info and diagnostics. */
function runtimeVersions(): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const name of ['electron', 'chrome', 'node', 'v8'] as const) {
    const value = process.versions[name];
    if (typeof value === 'string') versions[name] = value;
  }
  return versions;
}

export interface ElectronBackend {
  backend: Backend;
  /** Stops the demo service, when the user started one. */
  stopDemo(): Promise<void>;
}

export async function startElectronBackend(options: {
  log: RootLogger;
  presenter: NotificationPresenter;
  shortcut: GlobalShortcut;
  appWindow: () => BrowserWindow | undefined;
  /** The tray exists only once core is up: asked for when capabilities are read. */
  trays: () => TrayController | undefined;
  linuxSession: LinuxSession | undefined;
  devTools: boolean;
  /** Brings the window forward on a deal or run (`app.show`). */
  showInApp: NonNullable<BackendOptions['showInApp']>;
}): Promise<ElectronBackend> {
  const { log, presenter, shortcut, appWindow } = options;
  const dataDir = app.getPath('userData');
  const updateFeed = updateFeedOf({ app });
  let demo: DemoService | undefined;
  // What the OS says the user reads, most preferred first; core checks each is a language tag.
  const systemLanguages = preferredSystemLanguages();
  const secretStore = await createSafeStorageSecretStore({
    dataDir,
    platform: process.platform,
    log: log.child('session'),
    t: nodeTranslator(negotiateLanguage(validLanguageTags(systemLanguages))).t,
  });
  const backend = await createBackend({
    dataDir,
    hostKind: 'electron',
    appVersion: APP_VERSION,
    platform: process.platform,
    versions: runtimeVersions(),
    secretStore,
    systemLanguages: () => systemLanguages,
    policies: policySources({
      platform: process.platform,
      env: process.env,
      osReader: osPolicyReader(thisRun()),
    }),
    fetch: (input, init) => net.fetch(input instanceof URL ? input.href : input, init),
    log,
    demoService: async () => {
      demo ??= await startDemoService({ pacing: 'realtime' });
      const { baseUrl, loginUrl, token, password } = demo;
      return { baseUrl, loginUrl, token, password };
    },
    showInApp: options.showInApp,
    openExternal: async (url) => {
      if (!(await openExternalChecked(url))) {
        throw new Error(backend.language.translator().t('errors.app.linkRefused'));
      }
    },
    openSignInWindow: (signInUrl, serviceOrigin) => {
      const parent = appWindow();
      return openSignInWindow({
        signInUrl,
        serviceUrl: serviceOrigin,
        ...(parent === undefined ? {} : { parent }),
        log: log.child('sign-in'),
        title: backend.language.translator().t('desktop.signIn.windowTitle'),
        devTools: options.devTools,
      });
    },
    showNotification: (decision) => {
      if (!presenter.supported) return false;
      presenter.show(decision);
      return true;
    },
    // A hidden window (closed to the tray) still shows its toasts when it comes back.
    viewerPresent: () => appWindow() !== undefined,
    // Hidden (closed to the tray) or minimised windows are not focused either.
    isWindowFocused: () => appWindow()?.isFocused() ?? false,
    // Electron 45 cannot read the OS's Do not disturb / Focus on any platform (see
    // osFocusModeCapability): the OS applies it to our notifications itself.
    osDoNotDisturb: () => undefined,
    desktopCapabilities: () =>
      electronCapabilities({
        platform: process.platform,
        packaged: app.isPackaged,
        ...(options.linuxSession === undefined ? {} : { linuxSession: options.linuxSession }),
        tray: options.trays()?.outcome() ?? { created: false, why: 'refused' },
        shortcut: shortcut.state(),
        notificationsSupported: presenter.supported,
        updates: updatesCapability(updateFeed),
      }),
  });
  return { backend, stopDemo: async () => demo?.stop() };
}

/** Electron's list of the system's languages; its one app locale where the list is empty. */
function preferredSystemLanguages(): string[] {
  const preferred = app.getPreferredSystemLanguages();
  return preferred.length > 0 ? preferred : [app.getLocale()];
}
