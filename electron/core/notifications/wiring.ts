// The scheduler inside the backend: when it checks (start, sign-in, wake, back online, changed
// notification settings, a timer for the next due moment, and soon after a run used quota),
// run-finished notifications named from the cache, and where decisions go: into the inbox first
// (only then are they recorded as delivered), then natively where the host can, else as a toast
// in an open window or page; with none open they wait in the inbox for the next page.
//
// Closing cancels the service requests in flight and waits for the work to settle. What an
// unfinished check decided was never shown, so it is not recorded either: once close() has
// resolved, nothing here writes the state file, shows a notification or adds a notice (the host
// may be removing the data directory by then).
import type { AppNotification, LiveRunSummary, Notice } from '../../contract';
import type { ApiClient } from '../api/client';
import type { CacheStore } from '../cache';
import { toAppNotification } from '../desktop';
import { AssistantError } from '../errors';
import { catchUpNotification, entryFor, type InboxService, type StoredInboxEntry } from '../inbox';
import type { Logger } from '../logs/logger';
import { cachedAgents, cachedNames } from './cached-names';
import type { NotificationDecision, SuppressedDecision } from './decision';
import {
  clientFetcher,
  createNotificationRunner,
  type CheckReason,
  type CheckResult,
  type Delivery,
} from './runner';
import { MAX_WAKE_INTERVAL_MS } from './scheduler';
import type { NotificationSettings } from './settings';
import type { Translator } from '../../domain/i18n/translator';
import { coreWords } from '../i18n/words';
import type { NotificationStateStore } from './store';

/** Runs finishing close together cost one usage check, not one each. */
const USAGE_CHECK_DELAY_MS = 1_000;

/** A live run as the manager lists it, with what only this app knows of it. */
export type ChangedRun = LiveRunSummary & {
  /** The question it was asked. */
  question?: string;
  /** The user cancelled it in this app. */
  cancelledHere?: boolean;
};

export interface NotificationWiringOptions {
  api: Pick<ApiClient, 'getMorningBriefing' | 'getMeetingBriefing' | 'getUsage'>;
  store: NotificationStateStore;
  /** Where the screens' data is cached: the names in a run-finished notification come from it. */
  cache: Pick<CacheStore, 'read'>;
  /** Read at every check, so changed settings apply at once. */
  settings: () => NotificationSettings;
  /** The language notifications are written in, read at every check. */
  translator?: () => Translator;
  /** Nothing is checked while signed out: every fetch would be refused. */
  signedIn: () => boolean;
  now: () => Date;
  log: Logger;
  /** Where every decision lands first, shown or not. */
  inbox: Pick<InboxService, 'add' | 'markShown' | 'takeUnshown'>;
  /** Shows a notification natively; false (or absent): it goes to `emit`. */
  showNotification?: (decision: NotificationDecision) => boolean;
  /** Whether a window or page is open to show what is emitted (absent: one is). */
  viewerPresent?: () => boolean;
  emit: (notification: AppNotification) => void;
  addNotice: (level: Notice['level'], message: string) => void;
  /** Whether the user is looking at the app (run-finished notifications are then skipped). */
  isWindowFocused?: () => boolean;
  /** The OS's own Do not disturb, where the host can read it; undefined: unknown. */
  osDoNotDisturb?: () => boolean | undefined;
}

export interface NotificationWiring {
  /** Checks what is due now; never rejects (a failure is logged). */
  check(reason: CheckReason): Promise<void>;
  /** The live runs changed: a run seen finishing is notified once. */
  runsChanged(runs: readonly ChangedRun[]): void;
  /** Do not disturb was switched off: what came meanwhile is told in one notification. */
  doNotDisturbEnded(): Promise<void>;
  /**
   * A decision made elsewhere (automatic prep's): into the inbox, and shown unless Do not
   * disturb holds it there.
   */
  deliver(decision: NotificationDecision): Promise<void>;
  /** Stops the timers, cancels what is in flight and resolves once it has settled. */
  close(): Promise<void>;
}

/** The wiring when the scheduler is off (tests, benchmarks): nothing is checked or notified. */
export function disabledNotificationWiring(): NotificationWiring {
  return {
    check: async () => {},
    runsChanged: () => {},
    doNotDisturbEnded: async () => {},
    deliver: async () => {},
    close: async () => {},
  };
}

const closedError = () =>
  new AssistantError({ kind: 'aborted', message: coreWords().t('errors.app.shuttingDown') });

/** The state file, refused once the wiring is closed: an unfinished check records nothing. */
function storeUntilClosed(
  store: NotificationStateStore,
  closed: () => boolean,
): NotificationStateStore {
  return {
    load: () => (closed() ? Promise.reject(closedError()) : store.load()),
    save: (state) => (closed() ? Promise.reject(closedError()) : store.save(state)),
  };
}

/**
 * The runner's decisions, before they are recorded as delivered: into the inbox (Do not disturb
 * keeps them there unread and unshown; a run finishing in front of the user is already read),
 * then shown natively where the host can, else as a toast in an open window or page; an entry
 * the inbox already held is not shown again.
 */
function acceptDecisions(options: NotificationWiringOptions, closed: () => boolean) {
  const show = (decision: NotificationDecision, at: Date): boolean => {
    if (options.showNotification?.(decision)) return true;
    if (!(options.viewerPresent?.() ?? true)) return false;
    options.emit(toAppNotification(decision, at));
    return true;
  };
  return async ({ show: toShow, suppressed }: Pick<Delivery, 'show' | 'suppressed'>) => {
    if (closed()) throw closedError();
    const at = options.now();
    const added = await options.inbox.add(inboxEntries(toShow, suppressed, at));
    if (closed()) return;
    const fresh = new Set(added.map((entry) => entry.id));
    const shown = toShow.filter((decision) => fresh.has(decision.key) && show(decision, at));
    if (shown.length > 0) await options.inbox.markShown(shown.map((decision) => decision.key));
  };
}

/** Decisions made elsewhere: shown, or kept in the inbox while Do not disturb is on. */
function deliverer(
  options: NotificationWiringOptions,
  accept: (delivery: Pick<Delivery, 'show' | 'suppressed'>) => Promise<void>,
): (decision: NotificationDecision) => Promise<void> {
  return async (decision) => {
    const held = options.settings().doNotDisturb || options.osDoNotDisturb?.() === true;
    const delivery: Pick<Delivery, 'show' | 'suppressed'> = held
      ? { show: [], suppressed: [{ ...decision, suppressedBy: 'do-not-disturb' }] }
      : { show: [decision], suppressed: [] };
    await accept(delivery).catch((error: unknown) =>
      options.log.error('A notification failed', { error }),
    );
  };
}

/** Checks and run-finished notifications not yet settled: close() waits for them. */
function trackWork() {
  const inFlight = new Set<Promise<void>>();
  return {
    track(work: Promise<void>): Promise<void> {
      inFlight.add(work);
      const done = () => inFlight.delete(work);
      work.then(done, done);
      return work;
    },
    settled: () => Promise.allSettled([...inFlight]),
  };
}

/** The OS's Do not disturb as the runner takes it: left out when the host cannot read it. */
function osDoNotDisturbOf(options: NotificationWiringOptions): { osDoNotDisturb?: boolean } {
  const value = options.osDoNotDisturb?.();
  return value === undefined ? {} : { osDoNotDisturb: value };
}

// The wiring's state and its named parts (track, runCheck, check, checkUsageSoon,
// notifyFinished) under the returned methods.
export function createNotificationWiring(options: NotificationWiringOptions): NotificationWiring {
  const { api, now, log } = options;
  let closed = false;
  const isClosed = () => closed;
  const lifetime = new AbortController();
  const { signal } = lifetime;
  const { track, settled } = trackWork();

  const viewerPresent = () => options.viewerPresent?.() ?? true;
  const accept = acceptDecisions(options, isClosed);
  const runner = createNotificationRunner({
    fetcher: clientFetcher(api, signal),
    store: storeUntilClosed(options.store, isClosed),
    clock: { now, timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone },
    settings: options.settings,
    ...(options.translator === undefined ? {} : { translator: options.translator }),
    agents: () => cachedAgents(options.cache),
    accept,
  });
  const osDoNotDisturb = () => osDoNotDisturbOf(options);

  let schedulerTimer: ReturnType<typeof setTimeout> | undefined;
  const runCheck = async (reason: CheckReason) => {
    try {
      const result = await runner.check({ reason, ...osDoNotDisturb() });
      if (closed) return;
      result.problems.forEach((problem) => options.addNotice('warning', problem));
      if (schedulerTimer !== undefined) clearTimeout(schedulerTimer);
      schedulerTimer = setTimeout(() => void check('timer'), nextCheckDelay(result, now()));
      schedulerTimer.unref?.();
    } catch (error) {
      log.error('The notification check failed', { error });
    }
  };
  const check = async (reason: CheckReason) => {
    if (closed || !options.signedIn()) return;
    await track(runCheck(reason));
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

  const notifyFinished = async (run: ChangedRun) => {
    const names = await cachedNames(options.cache, run.agentId, run.dealId).catch(() => ({}));
    const delivery = await runner.runFinished(
      {
        runId: run.runId,
        status: run.status,
        agentId: run.agentId,
        ...(run.dealId === undefined ? {} : { dealId: run.dealId }),
        ...(run.question === undefined ? {} : { question: run.question }),
        ...(run.error === undefined ? {} : { reason: run.error.message }),
        ...(run.cancelledHere === true ? { cancelledHere: true } : {}),
        ...names,
      },
      { windowFocused: options.isWindowFocused?.() ?? false, ...osDoNotDisturb() },
    );
    if (closed) return;
    delivery.problems.forEach((problem) => options.addNotice('warning', problem));
  };

  const deliverNow = deliverer(options, accept);
  const finishedSeen = new Set<string>();
  return {
    check,
    runsChanged(runs) {
      if (closed) return;
      for (const run of runs) {
        if (!run.done || finishedSeen.has(run.runId)) continue;
        finishedSeen.add(run.runId);
        void track(
          notifyFinished(run).catch((error: unknown) =>
            log.error('Run-finished notification failed', { error }),
          ),
        );
        if (options.settings().enabled.quota) checkUsageSoon();
      }
    },
    async doNotDisturbEnded() {
      // With nothing open, the next page that connects catches up instead.
      if (closed || !viewerPresent()) return;
      const work = options.inbox.takeUnshown().then((entries) => {
        const summary = catchUpNotification(entries, 'do-not-disturb', now());
        if (summary !== undefined && !closed) options.emit(summary);
      });
      await track(work.catch((error: unknown) => log.error('The summary failed', { error })));
    },
    deliver: (decision) => (closed ? Promise.resolve() : track(deliverNow(decision))),
    async close() {
      if (closed) return;
      closed = true;
      if (schedulerTimer !== undefined) clearTimeout(schedulerTimer);
      if (usageCheckTimer !== undefined) clearTimeout(usageCheckTimer);
      lifetime.abort();
      await settled();
    },
  };
}

/**
 * The inbox entries of a delivery: what is shown is unread and not yet shown; what Do not
 * disturb held back too, but a run finishing in front of the user is already read and seen.
 */
function inboxEntries(
  toShow: readonly NotificationDecision[],
  suppressed: readonly SuppressedDecision[],
  at: Date,
): StoredInboxEntry[] {
  return [
    ...toShow.map((decision) =>
      entryFor(toAppNotification(decision, at), { read: false, shown: false }),
    ),
    ...suppressed.map((decision) => {
      const seen = decision.suppressedBy === 'window-focused';
      return entryFor(toAppNotification(decision, at), { read: seen, shown: seen });
    }),
  ];
}

/** How long until the runner's next check: at least a second, at most MAX_WAKE_INTERVAL_MS. */
function nextCheckDelay(result: Pick<CheckResult, 'nextCheckAt'>, now: Date): number {
  return Math.min(
    Math.max(result.nextCheckAt.getTime() - now.getTime(), 1_000),
    MAX_WAKE_INTERVAL_MS,
  );
}
