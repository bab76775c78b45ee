// The composition root of core: builds the services (settings, session, API client, cache, runs,
// notifications, logs) and the contract's handler table, the same for every host. A host adds
// only what it alone can do (a secret store, opening links and windows, showing notifications)
// and carries the calls and events (Electron IPC, the browser-mode socket).
import { join } from 'node:path';
import {
  Agent,
  Briefing,
  Deal,
  type AppInfo,
  ServiceMetadata,
  type Notice,
  type DataRefreshed,
  type DesktopCapabilities,
  type EventName,
  type EventPayload,
  type HostKind,
  type JsonValue,
  type LiveRunSummary,
  type SessionStatus,
  type Settings,
} from '../contract';
import { createApiClient, type ApiClient } from './api/client';
import type { FetchLike } from './api/config';
import type { ResourceRecord } from './api/lists';
import { createCachedReader, createCacheStore } from './cache';
import {
  browserModeCapabilities,
  nextMeeting,
  toAppNotification,
  type NextMeeting,
} from './desktop';
import { createErrorJournal, formatDiagnostics } from './diagnostics';
import { AssistantError, toAssistantError } from './errors';
import {
  createConnectivityTracker,
  createDispatcher,
  createEventHub,
  filterDeals,
  originOf,
  toDeal,
  toDisplayRecord,
  toMetadata,
  toRunRecord,
  toRunsPage,
  type Dispatch,
  type EventListener,
  type Handlers,
  type RequestContext,
} from './host';
import { createLogger, type RootLogger } from './logs/logger';
import {
  createNotificationRunner,
  dataDirStateStore,
  MAX_WAKE_INTERVAL_MS,
  type CheckReason,
  type NotificationDecision,
  type NotificationRunner,
} from './notifications';
import { RunManager, type RunManagerOptions } from './runs/manager';
import { createSessionService, type SecretStore, type SessionState } from './session';
import { createSettingsService } from './settings';
import { createRunQuotaGuard } from './usage';

export const APP_DISPLAY_NAME = 'Assistant Desktop';

/** The embedded demo service as the host started it (core may not import it). */
export interface DemoServiceInfo {
  baseUrl: string;
  /** Its sign-in page. */
  loginUrl?: string;
  /** Its demo session: used when nobody is signed in, so the demo works at once. */
  token?: string;
}

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
  /** Streams closed, transcripts flushed, timers stopped. */
  close(): Promise<void>;
}

interface ServiceTarget {
  baseUrl: string;
  demo: boolean;
  signInUrl: string | undefined;
}

const DEAL_PAGE_SIZE = 100;
/** Runs finishing close together cost one usage check, not one each. */
const USAGE_CHECK_DELAY_MS = 1_000;
/** Bounded: a picker of thousands of deals is not what this cache is for. */
const MAX_DEAL_PAGES = 20;

function notSupported(message: string): AssistantError {
  return new AssistantError({ kind: 'invalid_input', code: 'not_supported', message });
}

export async function createBackend(options: BackendOptions): Promise<Backend> {
  const now = options.now ?? (() => new Date());
  const rootLog =
    options.log ?? createLogger({ filePath: join(options.dataDir, 'logs', 'main.log') });
  // Core logs through a view closed with the backend: work finishing after close() stays quiet.
  const log = rootLog.view();
  const secrets = log.secrets;
  const journal = createErrorJournal();
  const hub = createEventHub({ log: log.child('events'), secrets });
  const connectivity = createConnectivityTracker(now);
  const fetch = connectivity.track(options.fetch ?? globalThis.fetch.bind(globalThis));
  const notices: Notice[] = [];
  const cleanups: Array<() => void> = [];
  let closed = false;

  const addNotice = (level: Notice['level'], message: string) => {
    const notice: Notice = {
      id: `${now().getTime().toString(36)}-${notices.length}`,
      level,
      message,
      at: now().toISOString(),
    };
    notices.push(notice);
    hub.emit('notice', notice);
  };

  // Settings ---------------------------------------------------------------------------------
  const settings = createSettingsService({
    filePath: join(options.dataDir, 'settings.json'),
    log: log.child('settings'),
  });
  const settingsLoad = await settings.load();
  if (settingsLoad.notice) addNotice('warning', settingsLoad.notice);

  // Which service -----------------------------------------------------------------------------
  let demoInfo: DemoServiceInfo | undefined;
  const resolveTarget = async (current: Settings): Promise<ServiceTarget> => {
    const configured = options.baseUrlOverride ?? current.serviceBaseUrl ?? undefined;
    if (configured !== undefined) {
      return {
        baseUrl: configured,
        demo: false,
        signInUrl: current.signInUrl ?? undefined,
      };
    }
    if (!options.demoService) {
      throw new AssistantError({
        kind: 'invalid_input',
        code: 'no_service',
        message: 'No service address is set. Enter one in Settings.',
      });
    }
    demoInfo ??= await options.demoService();
    return {
      baseUrl: demoInfo.baseUrl,
      demo: true,
      signInUrl: current.signInUrl ?? demoInfo.loginUrl,
    };
  };
  let target = await resolveTarget(settings.get());

  // Session and API client --------------------------------------------------------------------
  const clientFor = (baseUrl: string, session: { getToken(): string | undefined }) =>
    createApiClient({
      baseUrl,
      session,
      fetch,
      userAgent: `AssistantDesktop/${options.appVersion} (${options.platform}; ${options.hostKind})`,
    });

  const session = createSessionService({
    store: options.secretStore,
    secrets,
    log: log.child('session'),
    // A candidate token is checked with its own client: a refusal must not expire the session
    // the user already has.
    verify: async (token) => {
      await clientFor(target.baseUrl, { getToken: () => token }).getMetadata();
    },
  });
  const sessionInit = await session.init();
  if (sessionInit.problem) addNotice('warning', sessionInit.problem);
  if (options.initialToken) {
    await session.adopt(options.initialToken, { persist: false });
  } else if (target.demo && !session.state().signedIn && demoInfo?.token) {
    await session.adopt(demoInfo.token, { persist: false });
  }

  let client: ApiClient = clientFor(target.baseUrl, session.provider);
  // The run manager and the scheduler keep this object; switching services swaps what is behind it.
  const api: ApiClient = {
    get config() {
      return client.config;
    },
    getMetadata: (...args) => client.getMetadata(...args),
    listAgents: (...args) => client.listAgents(...args),
    listDeals: (...args) => client.listDeals(...args),
    getDeal: (...args) => client.getDeal(...args),
    getMorningBriefing: (...args) => client.getMorningBriefing(...args),
    getMeetingBriefing: (...args) => client.getMeetingBriefing(...args),
    listRuns: (...args) => client.listRuns(...args),
    createRun: (...args) => client.createRun(...args),
    getRun: (...args) => client.getRun(...args),
    cancelRun: (...args) => client.cancelRun(...args),
    getUsage: (...args) => client.getUsage(...args),
  };

  const sessionStatus = (state: SessionState = session.state()): SessionStatus => ({
    ...state,
    canSignInWithWindow: options.openSignInWindow !== undefined && target.signInUrl !== undefined,
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
  const acceptWith =
    <T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }) =>
    (value: JsonValue) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? (parsed.data as T & JsonValue) : undefined;
    };

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
  cleanups.push(manager.onUpdate((update) => hub.emit('run.update', update)));

  // Notifications ----------------------------------------------------------------------------
  const deliver = (decision: NotificationDecision) => {
    if (options.showNotification?.(decision)) return;
    hub.emit('notification', toAppNotification(decision, now()));
  };
  const osDoNotDisturb = () => {
    const value = options.osDoNotDisturb?.();
    return value === undefined ? {} : { osDoNotDisturb: value };
  };

  let runner: NotificationRunner | undefined;
  let schedulerTimer: ReturnType<typeof setTimeout> | undefined;
  const check = async (reason: CheckReason) => {
    if (!runner || closed || !session.state().signedIn) return;
    try {
      const result = await runner.check({ reason, ...osDoNotDisturb() });
      result.show.forEach(deliver);
      result.problems.forEach((problem) => addNotice('warning', problem));
      if (closed) return;
      if (schedulerTimer !== undefined) clearTimeout(schedulerTimer);
      const delay = Math.min(
        Math.max(result.nextCheckAt.getTime() - now().getTime(), 1_000),
        MAX_WAKE_INTERVAL_MS,
      );
      schedulerTimer = setTimeout(() => void check('timer'), delay);
      schedulerTimer.unref?.();
    } catch (error) {
      log.error('The notification check failed', { error });
    }
  };
  if (options.scheduler !== false) {
    runner = createNotificationRunner({
      fetcher: {
        getMorningBriefing: async () => (await api.getMorningBriefing()).data.data,
        getMeetingBriefing: async () => (await api.getMeetingBriefing()).data.data,
        getUsage: async () => (await api.getUsage()).data,
      },
      store: dataDirStateStore(options.dataDir),
      clock: { now, timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone },
      settings: () => settings.get().notifications,
    });
  }

  // Names for a notification, from what the screens cached (never a request of its own).
  const cachedAgent = async (agentId: string) => {
    const agents = Agent.array().safeParse((await cacheStore.read('agents'))?.value);
    return agents.success ? agents.data.find((entry) => entry.id === agentId) : undefined;
  };
  const cachedDeal = async (dealId: string) => {
    const one = Deal.safeParse((await cacheStore.read(`deal:${dealId}`))?.value);
    if (one.success) return one.data;
    const all = Deal.array().safeParse((await cacheStore.read('deals'))?.value);
    return all.success ? all.data.find((entry) => entry.id === dealId) : undefined;
  };
  const cachedNames = async (agentId: string, dealId: string | undefined) => {
    const agent = await cachedAgent(agentId);
    const deal = dealId === undefined ? undefined : await cachedDeal(dealId);
    return {
      ...(agent === undefined ? {} : { agentName: agent.title }),
      ...(deal === undefined ? {} : { dealName: deal.title }),
    };
  };

  // A finished run used quota: look at usage soon (coalesced), so a warning comes when it is
  // crossed rather than at the next poll.
  let usageCheckTimer: ReturnType<typeof setTimeout> | undefined;
  const checkUsageSoon = () => {
    if (usageCheckTimer !== undefined) clearTimeout(usageCheckTimer);
    usageCheckTimer = setTimeout(() => {
      usageCheckTimer = undefined;
      void check('usage-changed');
    }, USAGE_CHECK_DELAY_MS);
    usageCheckTimer.unref?.();
  };

  const finishedSeen = new Set<string>();
  const notifyFinished = async (run: LiveRunSummary) => {
    if (!runner) return;
    const names = await cachedNames(run.agentId, run.dealId).catch(() => ({}));
    const delivery = await runner.runFinished(
      {
        runId: run.runId,
        status: run.status,
        agentId: run.agentId,
        ...(run.dealId === undefined ? {} : { dealId: run.dealId }),
        ...names,
      },
      { windowFocused: options.isWindowFocused?.() ?? false, ...osDoNotDisturb() },
    );
    delivery.show.forEach(deliver);
    delivery.problems.forEach((problem) => addNotice('warning', problem));
  };
  cleanups.push(
    manager.onRunsChanged((runs) => {
      hub.emit('runs.changed', { runs });
      for (const run of runs) {
        if (!run.done || finishedSeen.has(run.runId)) continue;
        finishedSeen.add(run.runId);
        if (!runner) continue;
        notifyFinished(run).catch((error: unknown) =>
          log.error('Run-finished notification failed', { error }),
        );
        if (settings.get().notifications.enabled.quota) checkUsageSoon();
      }
    }),
  );

  // Reactions --------------------------------------------------------------------------------
  /** Sign-out: what the service told this user goes with the session. */
  const forgetUserData = async () => {
    reader.reset();
    quota.invalidate();
    await cacheStore.clear();
  };
  cleanups.push(
    session.subscribe((state, change) => {
      hub.emit('session.changed', sessionStatus(state));
      if (change === 'signed-in') {
        // Maybe another user: what was cached is shown stale until the service confirms it.
        reader.reset();
        quota.invalidate();
        manager.resumeAfterSignIn();
        void check('start');
      } else if (change === 'signed-out') {
        void forgetUserData();
      }
    }),
  );
  cleanups.push(connectivity.subscribe((state) => hub.emit('connectivity.changed', state)));

  const switchService = async () => {
    const next = await resolveTarget(settings.get());
    if (next.baseUrl === target.baseUrl && next.signInUrl === target.signInUrl) return;
    const serviceChanged = next.baseUrl !== target.baseUrl;
    target = next;
    if (!serviceChanged) {
      hub.emit('session.changed', sessionStatus());
      return;
    }
    log.info('Service changed', { baseUrl: next.baseUrl, demo: next.demo });
    // A session belongs to one service: the old one is forgotten with its cached data.
    client = clientFor(target.baseUrl, session.provider);
    await session.signOut();
    await forgetUserData();
    if (target.demo && demoInfo?.token) await session.adopt(demoInfo.token, { persist: false });
  };
  cleanups.push(
    settings.subscribe((next, previous) => {
      hub.emit('settings.changed', next);
      if (
        next.serviceBaseUrl !== previous.serviceBaseUrl ||
        next.signInUrl !== previous.signInUrl
      ) {
        void switchService().catch((error: unknown) => {
          log.error('Could not switch service', { error });
          addNotice('error', 'The new service address could not be used.');
        });
      }
      if (JSON.stringify(next.notifications) !== JSON.stringify(previous.notifications)) {
        void check('settings-changed');
      }
    }),
  );

  // Handlers ---------------------------------------------------------------------------------
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
    };
  };

  const appInfo = (): AppInfo => ({
    name: APP_DISPLAY_NAME,
    appVersion: options.appVersion,
    host: options.hostKind,
    platform: options.platform,
    versions: options.versions ?? { node: process.versions.node },
    service: { baseUrl: target.baseUrl, demo: target.demo },
    notices: [...notices],
    desktopCapabilities: desktopCapabilities(),
  });

  const fetchAllDeals = async (signal: AbortSignal): Promise<Deal[]> => {
    const deals: Deal[] = [];
    let offset = 0;
    for (let page = 0; page < MAX_DEAL_PAGES; page += 1) {
      const answer = await api.listDeals({ limit: DEAL_PAGE_SIZE, offset }, { signal });
      deals.push(...answer.data.items.map(toDeal));
      const { hasMore, nextOffset } = answer.data.paging;
      const more = hasMore ?? answer.data.items.length >= DEAL_PAGE_SIZE;
      if (!more || answer.data.items.length === 0) break;
      offset = nextOffset ?? offset + answer.data.items.length;
    }
    return deals;
  };

  const briefing =
    (fetchIt: (signal: AbortSignal) => Promise<{ data: ResourceRecord }>) =>
    async (signal: AbortSignal) =>
      toDisplayRecord((await fetchIt(signal)).data);

  const handlers: Handlers = {
    'app.info': () => appInfo(),
    'app.dismissNotice': ({ id }) => {
      const index = notices.findIndex((notice) => notice.id === id);
      if (index >= 0) notices.splice(index, 1);
      return { notices: [...notices] };
    },
    'app.setFocus': ({ focused }, context) => {
      options.reportFocus?.(focused, context);
      return { windowFocused: options.isWindowFocused?.() ?? focused };
    },
    'connectivity.status': () => connectivity.current(),
    'service.metadata': ({ refresh }) =>
      reader.read({
        key: 'metadata',
        refresh: refresh ?? false,
        fetch: async (signal) => toMetadata((await api.getMetadata({ signal })).data),
        accept: acceptWith(ServiceMetadata),
      }),
    'agents.list': ({ refresh }) =>
      reader.read({
        key: 'agents',
        refresh: refresh ?? false,
        fetch: async (signal) => (await api.listAgents({ signal })).data.items.map(toDisplayRecord),
        accept: acceptWith(Agent.array()),
      }),
    'deals.list': async ({ refresh, search }) => {
      const all = await reader.read({
        key: 'deals',
        refresh: refresh ?? false,
        fetch: fetchAllDeals,
        accept: acceptWith(Deal.array()),
      });
      return { ...all, value: filterDeals(all.value, search) };
    },
    'deals.get': ({ dealId, refresh }) =>
      reader.read({
        key: `deal:${dealId}`,
        refresh: refresh ?? false,
        fetch: async (signal) => toDeal((await api.getDeal(dealId, { signal })).data),
        accept: acceptWith(Deal),
      }),
    'briefings.morning': ({ refresh }) =>
      reader.read({
        key: 'briefings.morning',
        refresh: refresh ?? false,
        fetch: briefing((signal) => api.getMorningBriefing({ signal })),
        accept: acceptWith(Briefing),
      }),
    'briefings.meeting': ({ refresh }) =>
      reader.read({
        key: 'briefings.meeting',
        refresh: refresh ?? false,
        fetch: briefing((signal) => api.getMeetingBriefing({ signal })),
        accept: acceptWith(Briefing),
      }),
    'usage.summary': async () => {
      const usage = (await api.getUsage()).data;
      quota.update(usage);
      return usage;
    },
    'runs.start': ({ agentId, message, dealId }) => manager.start({ agentId, message, dealId }),
    'runs.cancel': ({ runId }) => manager.cancel(runId),
    'runs.retry': ({ runId }) => manager.retry(runId),
    'runs.live': () => ({ runs: manager.live() }),
    'runs.list': async ({ limit, offset, status }) => {
      const answer = await api.listRuns({ limit, offset, ...(status ? { status } : {}) });
      const page = toRunsPage(answer.data, limit, offset);
      // The service may ignore the filter (its parameters are not documented): apply it here too.
      return status ? { ...page, items: page.items.filter((run) => run.status === status) } : page;
    },
    'runs.get': async ({ runId }) => {
      const transcript = await manager.readTranscript(runId);
      try {
        const record = toRunRecord((await api.getRun(runId)).data);
        return { record, transcript };
      } catch (error) {
        if (!transcript || !(error instanceof AssistantError)) throw error;
        return { record: null, transcript, recordError: error.toData() };
      }
    },
    'runs.transcript': ({ runId }) => manager.readTranscript(runId),
    'session.status': () => sessionStatus(),
    'session.signIn': async () => {
      if (!options.openSignInWindow) {
        throw notSupported(
          'Signing in with a window is not available here: paste a session token.',
        );
      }
      if (target.signInUrl === undefined) {
        throw notSupported('No sign-in page is set for this service. Enter it in Settings.');
      }
      const origin = originOf(target.baseUrl);
      if (origin === undefined) throw notSupported('The service address is not valid.');
      const token = await options.openSignInWindow(target.signInUrl, origin);
      if (token === undefined) return sessionStatus();
      return sessionStatus(await session.setToken(token));
    },
    'session.setToken': async ({ token }) => sessionStatus(await session.setToken(token)),
    'session.signOut': async () => {
      const state = await session.signOut();
      await forgetUserData();
      return sessionStatus(state);
    },
    'settings.get': () => settings.get(),
    'settings.update': (patch) => settings.update(patch),
    'diagnostics.copy': () => ({
      text: formatDiagnostics(
        {
          app: appInfo(),
          settings: settings.get(),
          session: sessionStatus(),
          connectivity: connectivity.current(),
          errors: journal.recent(),
          logFile: log.filePath,
          dataDir: options.dataDir,
          liveRuns: manager.list().length,
        },
        secrets,
      ),
    }),
    'links.openExternal': async ({ url }) => {
      if (!options.openExternal) return { opened: false };
      await options.openExternal(url);
      return { opened: true };
    },
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
    .catch((error: unknown) => log.error('Could not resume interrupted runs', { error }));
  void check('start');
  log.info('Backend started', {
    host: options.hostKind,
    version: options.appVersion,
    demo: target.demo,
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
      void check('wake');
    },
    onNetworkChange(online) {
      connectivity.setNetwork(online);
      if (online) {
        manager.reattachAll();
        void check('online');
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      if (schedulerTimer !== undefined) clearTimeout(schedulerTimer);
      if (usageCheckTimer !== undefined) clearTimeout(usageCheckTimer);
      for (const cleanup of cleanups) cleanup();
      await Promise.all([manager.close(), reader.close()]);
      log.info('Backend closed');
      log.close();
      if (options.log === undefined) rootLog.close();
    },
  };
}
