// The contract's handler table: one function per request, from the handler modules of
// host/handlers over the backend's parts.
import type { Navigate } from '../../contract';
import type { ApiClient } from '../api/client';
import type { CachedReader } from '../cache';
import type { CompanionControl } from '../pairings/control';
import type { ErrorJournal } from '../diagnostics';
import type { ConnectivityTracker, Handlers } from '../host';
import {
  createAppHandlers,
  createAutoPrepHandlers,
  createAppInfo,
  createCompanionHandlers,
  createDataHandlers,
  createInboxHandlers,
  createRunHandlers,
  createSessionHandlers,
  createShowInAppHandler,
  type AutoPrepView,
} from '../host/handlers';
import type { NoticeBoard } from '../host/notices';
import type { InboxService } from '../inbox';
import type { SecretRegistry } from '../logs/redact';
import type { RunManager } from '../runs/manager';
import type { SettingsService } from '../settings';
import type { RunQuotaGuard } from '../usage';
import type { ServiceParts } from './service';
import type { BackendOptions } from './types';

export interface HandlerParts {
  service: ServiceParts;
  notices: NoticeBoard;
  connectivity: ConnectivityTracker;
  settings: SettingsService;
  systemLanguages: readonly string[];
  /** The user's locale now (the language setting, the region where it agrees). */
  locale: () => string;
  journal: ErrorJournal;
  logFile: string | undefined;
  secrets: SecretRegistry;
  manager: RunManager;
  reader: CachedReader;
  api: ApiClient;
  quota: RunQuotaGuard;
  inbox: InboxService;
  autoPrep: AutoPrepView;
  now: () => Date;
  forgetUserData: () => Promise<void>;
  /** The latest switch of service: a settings update answers once it is done. */
  switching: () => Promise<void>;
  companion: CompanionControl;
  /** Tells the open pages where to go (core's `navigate` event). */
  emitNavigate: (target: Navigate) => void;
}

export function createHandlerTable(options: BackendOptions, parts: HandlerParts): Handlers {
  const { service, manager } = parts;
  const appInfo = createAppInfo({
    hostKind: options.hostKind,
    appVersion: options.appVersion,
    platform: options.platform,
    versions: options.versions,
    desktopCapabilities: options.desktopCapabilities,
    target: service.targets.current,
    notices: parts.notices,
    systemLanguages: parts.systemLanguages,
  });
  const appHandlers = createAppHandlers({
    appInfo,
    notices: parts.notices,
    connectivity: parts.connectivity,
    settings: parts.settings,
    reportFocus: options.reportFocus,
    isWindowFocused: options.isWindowFocused,
    openExternal: options.openExternal,
    diagnostics: {
      session: () => service.sessionStatus(),
      journal: parts.journal,
      logFile: parts.logFile,
      dataDir: options.dataDir,
      liveRuns: () => manager.list().length,
      secrets: parts.secrets,
    },
  });
  return {
    ...appHandlers,
    // Answered once the app has moved to the new service, so what the user does next (sign in,
    // start a run) already goes to it.
    'settings.update': async (patch, context) => {
      const next = await appHandlers['settings.update'](patch, context);
      await parts.switching();
      return next;
    },
    ...createDataHandlers({
      reader: parts.reader,
      api: parts.api,
      quota: parts.quota,
      locale: parts.locale,
    }),
    ...createRunHandlers({ manager, api: parts.api }),
    ...createInboxHandlers({ inbox: parts.inbox, now: parts.now }),
    ...createAutoPrepHandlers(parts.autoPrep),
    ...createShowInAppHandler({
      showInApp: options.showInApp,
      emitNavigate: parts.emitNavigate,
    }),
    ...createCompanionHandlers(parts.companion),
    ...createSessionHandlers({
      session: service.session,
      target: service.targets.current,
      status: service.sessionStatus,
      openSignInWindow: options.openSignInWindow,
      forgetUserData: parts.forgetUserData,
    }),
  };
}
