// The services core is made of, built in the order they need one another: the settings, the
// service and its session, the cache, the runs (with the quota guard and transcript pruning),
// the inbox and the notification scheduler.
import { join } from 'node:path';
import type { Agent, AutoPreps } from '../../contract';
import { toDisplayRecord } from '../api/contract-records';
import type { ApiClient } from '../api/client';
import { createCoreLanguage, environmentLanguages, type CoreLanguage } from '../i18n/language';
import { createCachedReader, createCacheStore, type CachedReader, type CacheStore } from '../cache';
import { createInboxService, dataDirInboxStore, type InboxService } from '../inbox';
import { dataDirStateStore, resolveNotificationSettings } from '../notifications';
import {
  createNotificationWiring,
  disabledNotificationWiring,
  type NotificationWiring,
} from '../notifications/wiring';
import { RunManager } from '../runs/manager';
import {
  createSettingsService,
  unreadableSettingsNotice,
  type SettingsService,
  type UnreadableSettings,
} from '../settings';
import { resolveAndLog } from '../policy/log-policies';
import { watchPolicies } from '../policy/policy-watcher';
import type { PolicyRead } from '../policy/raw-policies';
import { createRunQuotaGuard, type RunQuotaGuard } from '../usage';
import { dataRefreshedEvent } from '../cache/refreshed-event';
import { cachedAgents, cachedDeals } from '../notifications/cached-names';
import { dealNamedIn } from '../../domain/briefings/deal-in-title';
import { prepAgentOf } from '../../domain/briefings/prepare';
import {
  createAutoPrep,
  createAutoPrepWiring,
  dataDirPrepRecords,
  disabledAutoPrepWiring,
  type AutoPrep,
  type AutoPrepWiring,
} from '../prep';
import type { Foundation } from './foundation';
import { connectService, type ServiceParts } from './service';
import { createTranscriptPruning, type TranscriptPruning } from './transcript-pruning';
import type { BackendOptions } from './types';

export interface CoreParts {
  settings: SettingsService;
  /** The language in use: the setting, resolved against the system's languages. */
  language: CoreLanguage;
  service: ServiceParts;
  /** The current service's client (it follows a switch of service). */
  api: ApiClient;
  cacheStore: CacheStore;
  reader: CachedReader;
  quota: RunQuotaGuard;
  manager: RunManager;
  pruning: TranscriptPruning;
  inbox: InboxService;
  notifications: NotificationWiring;
  autoPrep: AutoPrepParts;
}

export interface AutoPrepParts {
  wiring: AutoPrepWiring;
  list: () => Promise<AutoPreps>;
  markRead: (meetingKey: string) => Promise<AutoPreps>;
  prepare: AutoPrep['prepare'];
  /** Sign-out: the records name the user's meetings. */
  forget: () => Promise<void>;
}

/**
 * The settings, read once at start with IT's policies over them (so a policy's service and
 * language hold from the first screen), and what went wrong reading them. The policies are
 * watched from then on.
 */
async function loadSettings(
  options: BackendOptions,
  base: Foundation,
): Promise<{ settings: SettingsService; unreadable?: UnreadableSettings }> {
  const settings = createSettingsService({
    filePath: join(options.dataDir, 'settings.json'),
    log: base.log.child('settings'),
  });
  if (options.policies) {
    const log = base.log.child('policy');
    const apply = (reads: PolicyRead[]) => settings.setPolicies(resolveAndLog(reads, log));
    apply(await options.policies.read());
    const watcher = watchPolicies(options.policies, apply, log);
    base.lifecycle.cleanups.push(watcher.stop);
  }
  return { settings, ...(await settings.load()) };
}

/** The language in use, following the setting from now on. */
function createLanguage(
  options: BackendOptions,
  base: Foundation,
  settings: SettingsService,
): CoreLanguage {
  const language = createCoreLanguage({
    choice: settings.get().language,
    systemLanguages: options.systemLanguages?.() ?? environmentLanguages(),
  });
  base.lifecycle.cleanups.push(
    settings.subscribe((next) => language.choose(next.language)),
    () => language.release(),
  );
  return language;
}

/** Answers kept on disk, each served at once and refreshed in the background. */
function createCache(options: BackendOptions, base: Foundation) {
  const cacheStore = createCacheStore({
    dir: join(options.dataDir, 'cache'),
    log: base.log.child('cache'),
    maxEntryBytes: options.limits?.maxBodyBytes,
  });
  const reader = createCachedReader({
    store: cacheStore,
    log: base.log.child('cache'),
    now: base.now,
    ...(options.cacheFreshForMs === undefined ? {} : { freshForMs: options.cacheFreshForMs }),
    onRefreshed: (key, fetchedAt) =>
      base.hub.emit('data.refreshed', dataRefreshedEvent(key, fetchedAt)),
  });
  return { cacheStore, reader };
}

/** The runs: started within the quota, their updates to the pages, old transcripts pruned. */
function createRunParts(
  options: BackendOptions,
  base: Foundation,
  api: ApiClient,
  settings: SettingsService,
) {
  const quota = createRunQuotaGuard({
    loadUsage: (signal) => api.getUsage({ signal }).then((answer) => answer.data),
  });
  const manager = new RunManager({
    api,
    dataDir: options.dataDir,
    quota,
    now: base.now,
    ...options.runs,
    maxRunBytes: options.limits?.maxRunBytes,
    onTranscriptWritten: (bytes) => pruning.noteWritten(bytes),
  });
  base.lifecycle.cleanups.push(
    manager.onUpdates((updates) => base.hub.emit('run.update', { updates })),
  );
  const pruning = createTranscriptPruning({
    manager,
    policy: () => settings.get().transcriptRetention,
    closed: () => base.lifecycle.closed,
    log: base.log,
  });
  base.lifecycle.cleanups.push(pruning.stop);
  return { quota, manager, pruning };
}

/** What the app tells the user: kept in the inbox, scheduled unless the host turned it off. */
function createNotificationParts(
  options: BackendOptions,
  base: Foundation,
  parts: Pick<CoreParts, 'api' | 'cacheStore' | 'settings' | 'service' | 'language'>,
) {
  const { hub, notices } = base;
  const inbox = createInboxService({
    store: dataDirInboxStore(options.dataDir),
    now: base.now,
    onChange: (next) => hub.emit('inbox.changed', next),
    onProblem: (message) => notices.add('warning', message),
  });
  const notifications =
    options.scheduler === false
      ? disabledNotificationWiring()
      : createNotificationWiring({
          api: parts.api,
          store: dataDirStateStore(options.dataDir),
          cache: parts.cacheStore,
          settings: () =>
            resolveNotificationSettings(
              parts.settings.get().notifications,
              parts.language.week().workingDays,
            ),
          translator: () => parts.language.translator(),
          signedIn: () => parts.service.session.state().signedIn,
          now: base.now,
          log: base.log,
          inbox,
          showNotification: options.showNotification,
          viewerPresent: options.viewerPresent,
          emit: (notification) => hub.emit('notification', notification),
          addNotice: notices.add,
          isWindowFocused: options.isWindowFocused,
          osDoNotDisturb: options.osDoNotDisturb,
        });
  return { inbox, notifications };
}

/**
 * Prep that starts itself (electron/core/prep/): started as Prepare starts a run (the run
 * manager, within its quota check), told through the notification wiring. Off with the scheduler.
 */
function createAutoPrepParts(
  options: BackendOptions,
  base: Foundation,
  parts: Pick<
    CoreParts,
    'api' | 'cacheStore' | 'settings' | 'service' | 'language' | 'manager' | 'notifications'
  >,
): AutoPrepParts {
  const records = dataDirPrepRecords(options.dataDir);
  let fetchedAgents: Promise<Agent[] | undefined> | undefined;
  const autoPrep = createAutoPrep({
    records,
    fetchBriefing: async () => (await parts.api.getMeetingBriefing()).data.data,
    // The deals the picker holds, as Today's card matches them; none read yet: no match.
    dealNamedIn: async (title) =>
      dealNamedIn(title, await cachedDeals(parts.cacheStore), parts.language.translator().locale)
        ?.id,
    fetchUsage: async () => (await parts.api.getUsage()).data,
    startRun: (run) => parts.manager.start(run),
    readAnswer: async (runId) => (await parts.manager.readTranscript(runId))?.text,
    settings: () => {
      const settings = parts.settings.get();
      return { ...settings.autoPrep, pollMinutes: settings.notifications.meetingPollMinutes };
    },
    agentId: async () => {
      const chosen = parts.settings.get().notifications.prepAgentId;
      if (chosen !== null) return chosen;
      const cached = await cachedAgents(parts.cacheStore).catch(() => []);
      // None read yet (a first start, no screen opened): the service's list, once a process, so
      // the prep runs the agent Settings and Prepare suggest instead of saying none is chosen.
      fetchedAgents ??= parts.api.listAgents().then(
        (answer) => answer.data.items.map(toDisplayRecord),
        () => {
          fetchedAgents = undefined; // asked again at the next check
          return undefined;
        },
      );
      return prepAgentOf(null, cached.length > 0 ? cached : ((await fetchedAgents) ?? []));
    },
    now: base.now,
    timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    translator: () => parts.language.translator(),
    deliver: (decision) => parts.notifications.deliver(decision),
    onChange: (preps) => base.hub.emit('autoPrep.changed', preps),
    log: base.log.child('auto-prep'),
  });
  const wiring =
    options.scheduler === false
      ? disabledAutoPrepWiring()
      : createAutoPrepWiring({
          autoPrep,
          signedIn: () => parts.service.session.state().signedIn,
          now: base.now,
          log: base.log.child('auto-prep'),
        });
  return {
    wiring,
    list: () => autoPrep.list(),
    markRead: (key) => autoPrep.markRead(key),
    prepare: (request) => autoPrep.prepare(request),
    // Every record: none is of a meeting starting after the end of time.
    forget: () => records.prune(new Date(8.64e15)),
  };
}

export async function createCoreParts(
  options: BackendOptions,
  base: Foundation,
): Promise<CoreParts> {
  const { fetch, log, secrets, notices } = base;
  const { settings, unreadable } = await loadSettings(options, base);
  const language = createLanguage(options, base, settings);
  // Said once the language is known: the defaults now in use chose it.
  if (unreadable) notices.add('warning', unreadableSettingsNotice(unreadable));
  const service = await connectService(options, {
    fetch,
    log,
    secrets,
    notices,
    settings,
    acceptLanguage: language.acceptLanguage,
  });
  const { api } = service.client;
  const cache = createCache(options, base);
  const runs = createRunParts(options, base, api, settings);
  const told = createNotificationParts(options, base, {
    api,
    settings,
    service,
    language,
    ...cache,
  });
  const autoPrep = createAutoPrepParts(options, base, {
    api,
    settings,
    service,
    language,
    ...cache,
    manager: runs.manager,
    notifications: told.notifications,
  });
  return { settings, language, service, api, ...cache, ...runs, ...told, autoPrep };
}
