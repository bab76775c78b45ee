// The app about itself: what it is and runs against (app.info, diagnostics), its notices, focus,
// connectivity, settings, and links the OS should open.
import type { AppInfo, DesktopCapabilities, HostKind, SessionStatus } from '../../../contract';
import { browserModeCapabilities } from '../../desktop';
import { formatDiagnostics, type ErrorJournal } from '../../diagnostics';
import type { SecretRegistry } from '../../logs/redact';
import { serviceInfo, type ServiceTarget } from '../../service';
import type { SettingsService } from '../../settings';
import type { ConnectivityTracker } from '../connectivity';
import type { Handlers, RequestContext } from '../dispatcher';
import type { NoticeBoard } from '../notices';

export const APP_DISPLAY_NAME = 'Assistant Desktop';

export type AppRequest =
  | 'app.info'
  | 'app.dismissNotice'
  | 'app.setFocus'
  | 'connectivity.status'
  | 'settings.get'
  | 'settings.update'
  | 'settings.managed'
  | 'diagnostics.copy'
  | 'links.openExternal';

export interface AppInfoOptions {
  hostKind: HostKind;
  appVersion: string;
  platform: string;
  versions?: Record<string, string>;
  /** What this desktop offers, as the host found out; see BackendOptions. */
  desktopCapabilities?: () => DesktopCapabilities;
  target: () => ServiceTarget;
  notices: NoticeBoard;
  /** The system's preferred languages (core's language resolves "system" from them). */
  systemLanguages: readonly string[];
}

export function createAppInfo(options: AppInfoOptions): () => AppInfo {
  const desktopCapabilities = (): DesktopCapabilities => {
    if (options.desktopCapabilities) return options.desktopCapabilities();
    if (options.hostKind === 'browser') return browserModeCapabilities();
    const unknown = { available: false, reason: 'This host did not say.' };
    return {
      tray: unknown,
      globalShortcut: unknown,
      notifications: unknown,
      launchAtLogin: unknown,
      osFocusMode: unknown,
      updates: unknown,
    };
  };
  return () => {
    const target = options.target();
    return {
      name: APP_DISPLAY_NAME,
      appVersion: options.appVersion,
      host: options.hostKind,
      platform: options.platform,
      versions: options.versions ?? { node: process.versions.node },
      service: serviceInfo(target),
      notices: options.notices.list(),
      desktopCapabilities: desktopCapabilities(),
      systemLanguages: [...options.systemLanguages],
    };
  };
}

export interface AppHandlerOptions {
  appInfo: () => AppInfo;
  notices: NoticeBoard;
  connectivity: Pick<ConnectivityTracker, 'current'>;
  settings: Pick<SettingsService, 'get' | 'update' | 'managed'>;
  /** See BackendOptions: reportFocus, isWindowFocused, openExternal. */
  reportFocus?: (focused: boolean, context: RequestContext) => void;
  isWindowFocused?: () => boolean;
  openExternal?: (url: string) => Promise<void>;
  /** What diagnostics add to the above; the secrets are scrubbed from the text. */
  diagnostics: {
    session: () => SessionStatus;
    journal: Pick<ErrorJournal, 'recent'>;
    logFile: string | undefined;
    dataDir: string;
    liveRuns: () => number;
    secrets: SecretRegistry;
  };
}

export function createAppHandlers(options: AppHandlerOptions): Pick<Handlers, AppRequest> {
  const { appInfo, notices, connectivity, settings, diagnostics } = options;
  return {
    'app.info': () => appInfo(),
    'app.dismissNotice': ({ id }) => {
      notices.dismiss(id);
      return { notices: notices.list() };
    },
    'app.setFocus': ({ focused }, context) => {
      options.reportFocus?.(focused, context);
      return { windowFocused: options.isWindowFocused?.() ?? focused };
    },
    'connectivity.status': () => connectivity.current(),
    'settings.get': () => settings.get(),
    'settings.update': (patch) => settings.update(patch),
    'settings.managed': () => settings.managed(),
    'diagnostics.copy': () => ({
      text: formatDiagnostics(
        {
          app: appInfo(),
          settings: settings.get(),
          managed: settings.managed(),
          session: diagnostics.session(),
          connectivity: connectivity.current(),
          errors: diagnostics.journal.recent(),
          logFile: diagnostics.logFile,
          dataDir: diagnostics.dataDir,
          liveRuns: diagnostics.liveRuns(),
        },
        diagnostics.secrets,
      ),
    }),
    // Absent, the renderer opens the link itself (browser mode: a new tab).
    'links.openExternal': async ({ url }) => {
      if (!options.openExternal) return { opened: false };
      await options.openExternal(url);
      return { opened: true };
    },
  };
}
