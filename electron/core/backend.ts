// The composition root of core: builds the services (settings, session, API client, cache, runs,
// notifications, logs) and the contract's handler table, the same for every host. A host adds
// only what it alone can do (a secret store, opening links and windows, showing notifications)
// and carries the calls and events (Electron IPC, the browser-mode socket).
import { join } from 'node:path';
import type {
  DataRefreshed,
  DesktopCapabilities,
  EventName,
  EventPayload,
  HostKind,
  LiveRunSummary,
  SessionStatus,
} from '../contract';
import { sessionFor, type FetchLike } from './api/config';
import { createCachedReader, createCacheStore } from './cache';
import { nextMeeting, type NextMeeting } from './desktop';
import { createErrorJournal } from './diagnostics';
import { toAssistantError } from './errors';
import {
  createConnectivityTracker,
  createDispatcher,
  createEventHub,
  type Dispatch,
  type EventListener,
  type Handlers,
  type RequestContext,
} from './host';
import {
  createAppHandlers,
  createAppInfo,
  createDataHandlers,
  createInboxHandlers,
  createRunHandlers,
  createSessionHandlers,
} from './host/handlers';
import { createNoticeBoard } from './host/notices';
import { createInboxService, dataDirInboxStore } from './inbox';
import { createLogger, type RootLogger } from './logs/logger';
import { dataDirStateStore, type NotificationDecision } from './notifications';
import { createNotificationWiring, disabledNotificationWiring } from './notifications/wiring';
import { RunManager, type RunManagerOptions } from './runs/manager';
import {
  apiClientFactory,
  createServiceSwitch,
  createServiceTargets,
  createSwitchableClient,
  type DemoServiceInfo,
} from './service';
import { createSessionService, type SecretStore, type SessionState } from './session';
import { createSettingsService } from './settings';
import { makePrivateDir } from './storage/private-files';
import { createRunQuotaGuard } from './usage';

export { APP_DISPLAY_NAME } from './host/handlers';
export type { DemoServiceInfo } from './service';

/** How often transcript retention is applied while the app stays open. */
const RETENTION_CHECK_MS = 6 * 60 * 60 * 1000;

export interface BackendOptions {
  /** The user's data directory: settings, cache, transcripts, logs. */
  dataDir: string;
  hostKind: HostKind;
  appVersion: string;
  platform: string;
  /** node, electron, chrome, … as the host knows them. */
  versions?: Record<string, string>;
  secretStore: SecretStore;
  /** Electron's net.fetch in the app; Node's fetch elsewhere. */
  fetch?: FetchLike;
  /** Defaults to a rotating file in `<dataDir>/logs/`. */
  log?: RootLogger;
  /**
   * Starts (once) and describes the embedded demo service; called when the settings name no
   * service. Without it, a missing service address is an error the user is told about.
   */
  demoService?: () => Promise<DemoServiceInfo>;
  /** A service address that wins over the settings (browser mode's ASSISTANT_BASE_URL). */
  baseUrlOverride?: string;
  /** A session to use at start without asking the service (ASSISTANT_SESSION_TOKEN); not stored. */
  initialToken?: string;
  /** Opens an http(s) link in the OS browser; absent: the renderer opens it itself. */
  openExternal?: (url: string) => Promise<void>;
  /**
   * Opens the service's sign-in page in a window of its own and resolves with the session
   * cookie's value once it appears for `serviceOrigin`, or undefined when the user closed it.
   */
  openSignInWindow?: (signInUrl: string, serviceOrigin: string) => Promise<string | undefined>;
  /** Shows a notification natively; false (or absent): it goes to the renderer as an event. */
  showNotification?: (decision: NotificationDecision) => boolean;
  /** Whether the user is looking at the app (run-finished notifications are then skipped). */
  isWindowFocused?: () => boolean;
  /**
   * Whether a window or page is open to show a toast (absent: one is). With none, what is not
   * shown natively waits in the inbox for the next page that connects (`inbox.catchUp`).
   */
  viewerPresent?: () => boolean;
  /**
   * A page said it gained or lost focus (`app.setFocus`). Hosts that know focus themselves
   * (Electron's BrowserWindow) leave it out; browser mode counts its pages with it.
   */
  reportFocus?: (focused: boolean, context: RequestContext) => void;
  /** The OS's own Do not disturb / focus mode, where the host can read it; undefined: unknown. */
  osDoNotDisturb?: () => boolean | undefined;
  /** What this desktop offers, as the host found out (Settings explains what is missing). */
  desktopCapabilities?: () => DesktopCapabilities;
  /** Run the notification scheduler (default true). */
  scheduler?: boolean;
  /** Tuning for tests and benchmarks. */
  runs?: Pick<RunManagerOptions, 'frameIntervalMs' | 'follow' | 'transcriptFlushMs'>;
  /** How long a confirmed cached value is served without asking again (default 60 s). */
  cacheFreshForMs?: number;
  now?: () => Date;
}

export interface Backend {
  /** One function per contract request. Hosts call them through `dispatch`. */
  readonly handlers: Handlers;
  /** The wrapper every host runs each call through. */
  readonly dispatch: Dispatch;
  readonly events: {
    subscribe(listener: EventListener): () => void;
    /** For the host's own events (`navigate` from the tray, a deep link, a notification). */
    emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  };
  readonly log: RootLogger;
  /** The live runs without text (tray menu). */
  liveRuns(): LiveRunSummary[];
  /**
   * The next meeting of the cached meeting briefing (tray menu); undefined when there is none
   * or it cannot be read. Served from the cache, refreshed in the background like the screens.
   */
  nextMeeting(): Promise<NextMeeting | undefined>;
  /** The machine woke up: streams re-attach, notifications catch up. */
  onResume(): void;
  /** The OS says the network went away or came back. */
  onNetworkChange(online: boolean): void;
  /**
   * Streams closed, transcripts flushed, timers stopped, background work (refreshes, notification
   * checks) cancelled and settled.
   */
  close(): Promise<void>;
}

export async function createBackend(options: BackendOptions): Promise<Backend> {
  const now = options.now ?? (() => new Date());
  // Private before anything is written into it (the log, settings, transcripts).
  await makePrivateDir(options.dataDir);
  const rootLog =
    options.log ?? createLogger({ filePath: join(options.dataDir, 'logs', 'main.log') });
  // Core logs through a view closed with the backend: work finishing after close() stays quiet.
  const log = rootLog.view();
  const secrets = log.secrets;
  const journal = createErrorJournal();
  const hub = createEventHub({ log: log.child('events'), secrets });
  const connectivity = createConnectivityTracker(now);
  const fetch = connectivity.track(options.fetch ?? globalThis.fetch.bind(globalThis));
  const notices = createNoticeBoard({ now, emit: (notice) => hub.emit('notice', notice) });
  const cleanups: Array<() => void> = [];
  let closed = false;

  // Settings ---------------------------------------------------------------------------------
  const settings = createSettingsService({
    filePath: join(options.dataDir, 'settings.json'),
    log: log.child('settings'),
  });
  const settingsLoad = await settings.load();
  if (settingsLoad.notice) notices.add('warning', settingsLoad.notice);

  // Which service, session and API client ------------------------------------------------------
  const targets = await createServiceTargets(
    { baseUrlOverride: options.baseUrlOverride, demoService: options.demoService },
    settings.get(),
  );
  const clientFor = apiClientFactory({
    fetch,
    appVersion: options.appVersion,
    platform: options.platform,
    hostKind: options.hostKind,
  });
  const serviceOrigin = () => new URL(targets.current().baseUrl).origin;
  const session = createSessionService({
    store: options.secretStore,
    secrets,
    log: log.child('session'),
    serviceOrigin,
    // A candidate token is checked with its own client: a refusal must not expire the session
    // the user already has. Only the service it is for is asked.
    verify: async (token, origin) => {
      const { baseUrl } = targets.current();
      // Another service is in use now: the token is not shown to it (the session refuses it).
      if (new URL(baseUrl).origin !== origin) return;
      await clientFor(baseUrl, sessionFor(baseUrl, token)).getMetadata();
    },
  });
  const sessionInit = await session.init();
  if (sessionInit.problem) notices.add('warning', sessionInit.problem);
  const demoToken = targets.demoToken();
  if (options.initialToken) {
    await session.adopt(options.initialToken, { persist: false });
  } else if (demoToken && !session.state().signedIn) {
    await session.adopt(demoToken, { persist: false });
  }

  // The run manager and the scheduler keep `api`; switching services swaps what is behind it.
  const client = createSwitchableClient(clientFor, targets.current().baseUrl, session.provider);
  const { api } = client;

  const sessionStatus = (state: SessionState = session.state()): SessionStatus => ({
    ...state,
    canSignInWithWindow:
      options.openSignInWindow !== undefined && targets.current().signInUrl !== undefined,
  });

  // Cache ------------------------------------------------------------------------------------
  const cacheStore = createCacheStore({
    dir: join(options.dataDir, 'cache'),
    log: log.child('cache'),
  });
  const reader = createCachedReader({
    store: cacheStore,
    log: log.child('cache'),
    now,
    ...(options.cacheFreshForMs === undefined ? {} : { freshForMs: options.cacheFreshForMs }),
    onRefreshed: (key, fetchedAt) => {
      const event: DataRefreshed = key.startsWith('deal:')
        ? { key: 'deal', id: key.slice('deal:'.length), fetchedAt }
        : { key: key as DataRefreshed['key'], fetchedAt };
      hub.emit('data.refreshed', event);
    },
  });

  // Runs -------------------------------------------------------------------------------------
  const quota = createRunQuotaGuard({
    loadUsage: (signal) => api.getUsage({ signal }).then((answer) => answer.data),
  });
  const manager = new RunManager({
    api,
    dataDir: options.dataDir,
    quota,
    now,
    ...options.runs,
  });
  cleanups.push(manager.onUpdates((updates) => hub.emit('run.update', { updates })));

  // Transcript retention: after the interrupted runs are attached (so they count as followed),
  // every few hours while the app stays open, and when the setting changes. One at a time.
  let pruning: Promise<void> = Promise.resolve();
  const prune = (): Promise<void> => {
    pruning = pruning.then(async () => {
      if (closed) return;
      try {
        const result = await manager.pruneTranscripts(settings.get().transcriptRetention);
        if (result.removed.length > 0) {
          log.info('Pruned run transcripts', {
            count: result.removed.length,
            freedBytes: result.removedBytes,
            keptBytes: result.keptBytes,
          });
        }
      } catch (error) {
        log.error('Could not prune run transcripts', { error });
      }
    });
    return pruning;
  };
  const pruneTimer = setInterval(() => void prune(), RETENTION_CHECK_MS);
  pruneTimer.unref?.();
  cleanups.push(() => clearInterval(pruneTimer));

  // Notifications ----------------------------------------------------------------------------
  const inbox = createInboxService({
    store: dataDirInboxStore(options.dataDir),
    now,
    onChange: (next) => hub.emit('inbox.changed', next),
    onProblem: (message) => notices.add('warning', message),
  });
  const notifications =
    options.scheduler === false
      ? disabledNotificationWiring()
      : createNotificationWiring({
          api,
          store: dataDirStateStore(options.dataDir),
          cache: cacheStore,
          settings: () => settings.get().notifications,
          signedIn: () => session.state().signedIn,
          now,
          log,
          inbox,
          showNotification: options.showNotification,
          viewerPresent: options.viewerPresent,
          emit: (notification) => hub.emit('notification', notification),
          addNotice: notices.add,
          isWindowFocused: options.isWindowFocused,
          osDoNotDisturb: options.osDoNotDisturb,
        });

  // Reactions --------------------------------------------------------------------------------
  /** Sign-out: what the service told this user goes with the session. */
  const forgetUserData = async () => {
    reader.reset();
    quota.invalidate();
    await Promise.all([cacheStore.clear(), inbox.clear()]);
  };
  cleanups.push(
    manager.onRunsChanged((runs) => {
      hub.emit('runs.changed', { runs });
      notifications.runsChanged(runs);
    }),
  );
  cleanups.push(
    session.subscribe((state, change) => {
      hub.emit('session.changed', sessionStatus(state));
      if (change === 'signed-in') {
        // Maybe another user: what was cached is shown stale until the service confirms it.
        reader.reset();
        quota.invalidate();
        manager.resumeAfterSignIn();
        void notifications.check('start');
      } else if (change === 'signed-out') {
        void forgetUserData();
      }
    }),
  );
  cleanups.push(connectivity.subscribe((state) => hub.emit('connectivity.changed', state)));

  const switchService = createServiceSwitch({
    targets,
    client,
    session,
    stopRuns: (reason) => manager.stopAll(reason),
    forgetUserData,
    onSignInPageChanged: () => hub.emit('session.changed', sessionStatus()),
    log,
  });
  /** The latest switch of service; a settings update answers once it is done. */
  let switching: Promise<void> = Promise.resolve();
  cleanups.push(
    settings.subscribe((next, previous) => {
      hub.emit('settings.changed', next);
      if (
        next.serviceBaseUrl !== previous.serviceBaseUrl ||
        next.signInUrl !== previous.signInUrl
      ) {
        const before = targets.current().baseUrl;
        switching = switchService(settings.get())
          .then(() => {
            const target = targets.current();
            if (target.baseUrl === before) return;
            hub.emit('service.changed', {
              baseUrl: target.baseUrl,
              demo: target.demo,
              pinned: options.baseUrlOverride !== undefined,
            });
          })
          .catch((error: unknown) => {
            log.error('Could not switch service', { error });
            notices.add('error', 'The new service address could not be used.');
          });
      }
      if (JSON.stringify(next.notifications) !== JSON.stringify(previous.notifications)) {
        void notifications.check('settings-changed');
      }
      if (previous.notifications.doNotDisturb && !next.notifications.doNotDisturb) {
        void notifications.doNotDisturbEnded();
      }
      if (
        JSON.stringify(next.transcriptRetention) !== JSON.stringify(previous.transcriptRetention)
      ) {
        void prune();
      }
    }),
  );

  // Handlers ---------------------------------------------------------------------------------
  const appInfo = createAppInfo({
    hostKind: options.hostKind,
    appVersion: options.appVersion,
    platform: options.platform,
    versions: options.versions,
    desktopCapabilities: options.desktopCapabilities,
    target: targets.current,
    pinned: options.baseUrlOverride !== undefined,
    notices,
  });
  const appHandlers = createAppHandlers({
    appInfo,
    notices,
    connectivity,
    settings,
    reportFocus: options.reportFocus,
    isWindowFocused: options.isWindowFocused,
    openExternal: options.openExternal,
    diagnostics: {
      session: () => sessionStatus(),
      journal,
      logFile: log.filePath,
      dataDir: options.dataDir,
      liveRuns: () => manager.list().length,
      secrets,
    },
  });
  const handlers: Handlers = {
    ...appHandlers,
    // Answered once the app has moved to the new service, so what the user does next (sign in,
    // start a run) already goes to it.
    'settings.update': async (patch, context) => {
      const next = await appHandlers['settings.update'](patch, context);
      await switching;
      return next;
    },
    ...createDataHandlers({ reader, api, quota }),
    ...createRunHandlers({ manager, api }),
    ...createInboxHandlers({ inbox, now }),
    ...createSessionHandlers({
      session,
      target: targets.current,
      status: sessionStatus,
      openSignInWindow: options.openSignInWindow,
      forgetUserData,
    }),
  };

  const dispatch = createDispatcher(handlers, {
    log: log.child('dispatch'),
    secrets,
    onError: (name, error) => journal.record(name, error),
  });

  // Start ------------------------------------------------------------------------------------
  void manager
    .resumeInterrupted()
    .then((resumed) => {
      if (resumed.length > 0) log.info('Resumed interrupted runs', { count: resumed.length });
    })
    .catch((error: unknown) => log.error('Could not resume interrupted runs', { error }))
    .then(prune);
  void notifications.check('start');
  log.info('Backend started', {
    host: options.hostKind,
    version: options.appVersion,
    demo: targets.current().demo,
    session: session.state().signedIn ? 'signed in' : 'signed out',
  });

  return {
    handlers,
    dispatch,
    events: { subscribe: (listener) => hub.subscribe(listener), emit: hub.emit },
    log,
    liveRuns: () => manager.list(),
    async nextMeeting() {
      if (!session.state().signedIn) return undefined;
      try {
        const cached = await handlers['briefings.meeting']({}, { host: options.hostKind });
        return nextMeeting(cached.value.data, now());
      } catch (error) {
        log.info('No next meeting for the tray', { error: toAssistantError(error).toData() });
        return undefined;
      }
    },
    onResume() {
      manager.reattachAll();
      void notifications.check('wake');
    },
    onNetworkChange(online) {
      connectivity.setNetwork(online);
      if (online) {
        manager.reattachAll();
        void notifications.check('online');
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const cleanup of cleanups) cleanup();
      // Each part cancels its work in flight and settles before close() resolves: a notification
      // check answered late would otherwise write into a data directory the host may be removing.
      await Promise.all([
        notifications.close().then(() => inbox.close()),
        manager.close(),
        reader.close(),
        pruning,
      ]);
      log.info('Backend closed');
      log.close();
      if (options.log === undefined) rootLog.close();
    },
  };
}
