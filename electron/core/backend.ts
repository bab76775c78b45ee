// The composition root of core: builds the services (settings, session, API client, cache, runs,
// notifications, logs) and the contract's handler table, the same for every host. A host adds
// only what it alone can do (a secret store, opening links and windows, showing notifications)
// and carries the calls and events (Electron IPC, the browser-mode socket). The stages live in
// backend/: the service and session, the reactions, transcript pruning, the handler table.
import { join } from 'node:path';
import { createConnectivityTracker, createDispatcher, createEventHub } from './host';
import { createCachedReader, createCacheStore } from './cache';
import { nextMeeting } from './desktop';
import { createErrorJournal } from './diagnostics';
import { toAssistantError } from './errors';
import { createNoticeBoard } from './host/notices';
import { createInboxService, dataDirInboxStore } from './inbox';
import { createLogger } from './logs/logger';
import { dataDirStateStore } from './notifications';
import { createNotificationWiring, disabledNotificationWiring } from './notifications/wiring';
import { RunManager } from './runs/manager';
import { createServiceSwitch } from './service';
import { createSettingsService } from './settings';
import { makePrivateDir } from './storage/private-files';
import { createRunQuotaGuard } from './usage';
import { createHandlerTable } from './backend/handler-table';
import { dataRefreshedEvent, sessionReaction, settingsReaction } from './backend/reactions';
import { connectService } from './backend/service';
import { createTranscriptPruning } from './backend/transcript-pruning';
import type { Backend, BackendOptions } from './backend/types';

export { APP_DISPLAY_NAME } from './host/handlers';
export type { DemoServiceInfo } from './service';
export type { Backend, BackendOptions } from './backend/types';

// A composition root: each stage is a module of backend/ or a named part below; what remains is
// the order they are built and wired in.
// eslint-disable-next-line max-lines-per-function -- composition root: builds and wires the parts
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

  const settings = createSettingsService({
    filePath: join(options.dataDir, 'settings.json'),
    log: log.child('settings'),
  });
  const settingsLoad = await settings.load();
  if (settingsLoad.notice) notices.add('warning', settingsLoad.notice);

  const service = await connectService(options, { fetch, log, secrets, notices, settings });
  const { targets, session, client, sessionStatus } = service;
  const { api } = client;

  const cacheStore = createCacheStore({
    dir: join(options.dataDir, 'cache'),
    log: log.child('cache'),
    maxEntryBytes: options.limits?.maxBodyBytes,
  });
  const reader = createCachedReader({
    store: cacheStore,
    log: log.child('cache'),
    now,
    ...(options.cacheFreshForMs === undefined ? {} : { freshForMs: options.cacheFreshForMs }),
    onRefreshed: (key, fetchedAt) => hub.emit('data.refreshed', dataRefreshedEvent(key, fetchedAt)),
  });

  const quota = createRunQuotaGuard({
    loadUsage: (signal) => api.getUsage({ signal }).then((answer) => answer.data),
  });
  const manager = new RunManager({
    api,
    dataDir: options.dataDir,
    quota,
    now,
    ...options.runs,
    maxRunBytes: options.limits?.maxRunBytes,
    onTranscriptWritten: (bytes) => pruning.noteWritten(bytes),
  });
  cleanups.push(manager.onUpdates((updates) => hub.emit('run.update', { updates })));
  const pruning = createTranscriptPruning({
    manager,
    policy: () => settings.get().transcriptRetention,
    closed: () => closed,
    log,
  });
  cleanups.push(pruning.stop);

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
    session.subscribe(
      sessionReaction({
        hub,
        status: sessionStatus,
        reader,
        quota,
        manager,
        notifications,
        forgetUserData,
      }),
    ),
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
    settings.subscribe(
      settingsReaction({
        hub,
        targets,
        switchService,
        current: () => settings.get(),
        pinned: options.baseUrlOverride !== undefined,
        notifications,
        prune: pruning.prune,
        log,
        notices,
        onSwitch: (next) => {
          switching = next;
        },
      }),
    ),
  );

  const handlers = createHandlerTable(options, {
    service,
    notices,
    connectivity,
    settings,
    journal,
    logFile: log.filePath,
    secrets,
    manager,
    reader,
    api,
    quota,
    inbox,
    now,
    forgetUserData,
    switching: () => switching,
  });
  const dispatch = createDispatcher(handlers, {
    log: log.child('dispatch'),
    secrets,
    onError: (name, error) => journal.record(name, error),
  });

  // Start: the interrupted runs are attached before the first prune, so it leaves them be.
  void manager
    .resumeInterrupted()
    .then((resumed) => {
      if (resumed.length > 0) log.info('Resumed interrupted runs', { count: resumed.length });
    })
    .catch((error: unknown) => log.error('Could not resume interrupted runs', { error }))
    .then(pruning.prune);
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
        pruning.settled(),
      ]);
      log.info('Backend closed');
      log.close();
      if (options.log === undefined) rootLog.close();
    },
  };
}
