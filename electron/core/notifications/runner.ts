// The service-facing side of the scheduler: loads what was notified, fetches only what a rule
// needs, lets the pure rules decide, records and saves, and tells the host when to call again.
// The host (Electron main or browser mode) shows `show`, ignores `suppressed` (or lists it), and
// sets one timer for `nextCheckAt`; it also calls check() on wake, on reconnect and when the
// notification settings change.
import { prepAgentOf, type AgentLike } from '../../domain/briefings/prepare';
import type { ApiClient } from '../api/client';
import { schemaError } from '../api/response-errors';
import { UsageSummary } from '../api/schemas';
import { toAssistantError, type AssistantErrorData } from '../errors';
import type { RuleContext } from './context';
import type { Translator } from '../../domain/i18n/translator';
import type { NotificationDecision, SuppressedDecision, SuppressionReason } from './decision';
import { decideMeetings } from './meeting';
import { morningDecision, morningDue } from './morning';
import { decideQuota } from './quota';
import { runFinishedDecision, type FinishedRun } from './run-finished';
import { commitDecisions, isPendingMeetingDue, isPollDue, nextWakeAt } from './scheduler';
import type { NotificationSettings } from './settings';
import { pruneState, type NotificationState } from './state';
import type { NotificationStateStore } from './store';

/**
 * What the runner needs from the service; each returns the endpoint's `data`. The core API
 * client satisfies it; briefings are returned as they came (their fields are not documented).
 */
export interface NotificationFetcher {
  getMorningBriefing(): Promise<unknown>;
  getMeetingBriefing(): Promise<unknown>;
  getUsage(): Promise<unknown>;
}

export interface SchedulerClock {
  now(): Date;
  /** The user's IANA time zone now (it changes when they travel). */
  timeZone(): string;
}

/**
 * Why the host is checking. Only `timer` leaves the meeting briefing and usage to their polling
 * interval; every other reason fetches them now ("on wake" in the issue).
 */
export type CheckReason =
  'start' | 'timer' | 'wake' | 'online' | 'settings-changed' | 'usage-changed';

export interface HostConditions {
  /** The OS's own focus mode / do-not-disturb, where the host can read it. */
  osDoNotDisturb?: boolean;
}

export type FetchSource = 'morning-briefing' | 'meeting-briefing' | 'usage';

export interface FetchFailure {
  source: FetchSource;
  error: AssistantErrorData;
}

export interface Delivery {
  show: NotificationDecision[];
  suppressed: SuppressedDecision[];
  /** The state file could not be read or written; decisions were still made. */
  problems: string[];
}

export interface CheckResult extends Delivery {
  errors: FetchFailure[];
  /** When the host should call check() next (with reason `timer`). */
  nextCheckAt: Date;
}

export interface NotificationRunnerOptions {
  fetcher: NotificationFetcher;
  store: NotificationStateStore;
  clock: SchedulerClock;
  /** Read at every check, so changed settings apply at once. */
  settings: () => NotificationSettings;
  /** The language notifications are written in; absent: core's language in use (i18n/words). */
  translator?: () => Translator;
  /**
   * The agents known (from cache): with no prep agent chosen, a meeting's Prepare starts the one
   * suggested among them. Absent: Prepare only with a chosen agent.
   */
  agents?: () => Promise<readonly AgentLike[]>;
  /**
   * Takes the decisions just made (the host's inbox) before they are recorded as delivered: if
   * it rejects, nothing is recorded and the same decisions are made again at the next check.
   */
  accept?: (delivery: Pick<Delivery, 'show' | 'suppressed'>) => Promise<void>;
}

export interface NotificationRunner {
  check(options: { reason: CheckReason } & HostConditions): Promise<CheckResult>;
  runFinished(
    run: FinishedRun,
    options: { windowFocused: boolean } & HostConditions,
  ): Promise<Delivery>;
  nextCheckAt(): Promise<Date>;
}

export function createNotificationRunner(options: NotificationRunnerOptions): NotificationRunner {
  const { fetcher, store, clock } = options;
  let loaded: NotificationState | undefined;
  let saved = '';
  let queue: Promise<unknown> = Promise.resolve();

  /** One operation at a time: two overlapping checks would both see a morning as not yet notified. */
  function serialised<T>(operation: () => Promise<T>): Promise<T> {
    const result = queue.then(operation);
    queue = result.catch(() => undefined);
    return result;
  }

  async function context(problems: string[]): Promise<RuleContext> {
    if (loaded === undefined) {
      const result = await store.load();
      if (result.problem !== undefined) problems.push(result.problem);
      loaded = result.state;
      saved = JSON.stringify(loaded);
    }
    const now = clock.now();
    const settings = options.settings();
    const agents = await (options.agents?.() ?? Promise.resolve([])).catch(() => []);
    return {
      now,
      timeZone: clock.timeZone(),
      // The rules see the agent Prepare will start, chosen or suggested.
      settings: { ...settings, prepAgentId: prepAgentOf(settings.prepAgentId, agents) ?? null },
      state: pruneState(loaded, now),
      ...(options.translator === undefined ? {} : { translator: options.translator() }),
    };
  }

  async function persist(state: NotificationState, problems: string[]): Promise<void> {
    loaded = state;
    const text = JSON.stringify(state);
    if (text === saved) return;
    try {
      await store.save(state);
      saved = text;
    } catch (error) {
      problems.push(
        `The notification history could not be saved (${error instanceof Error ? error.message : String(error)}); notifications may repeat after a restart.`,
      );
    }
  }

  function suppression(
    settings: NotificationSettings,
    host: HostConditions,
  ): SuppressionReason | undefined {
    return settings.doNotDisturb || host.osDoNotDisturb === true ? 'do-not-disturb' : undefined;
  }

  return {
    check: ({ reason, ...host }) =>
      serialised(async () => {
        const problems: string[] = [];
        const ctx = await context(problems);
        const suppressedBy = suppression(ctx.settings, host);
        const { state, decisions, errors } = await decideCheck(ctx, reason, suppressedBy, fetcher);
        const committed = commitDecisions({ ...ctx, state }, decisions, suppressedBy);
        await options.accept?.(committed);
        await persist(committed.state, problems);
        return {
          show: committed.show,
          suppressed: committed.suppressed,
          problems,
          errors,
          nextCheckAt: nextWakeAt({ ...ctx, state: committed.state }),
        };
      }),

    runFinished: (run, { windowFocused, ...host }) =>
      serialised(async () => {
        const problems: string[] = [];
        const ctx = await context(problems);
        const decision = runFinishedDecision(ctx, run);
        if (decision === undefined) return { show: [], suppressed: [], problems };
        const suppressedBy = windowFocused ? 'window-focused' : suppression(ctx.settings, host);
        const committed = commitDecisions(ctx, [decision], suppressedBy);
        await options.accept?.(committed);
        await persist(committed.state, problems);
        return { show: committed.show, suppressed: committed.suppressed, problems };
      }),

    nextCheckAt: () => serialised(async () => nextWakeAt(await context([]))),
  };
}

/**
 * What one check decides before committing: the morning briefing when due (recorded without
 * fetching while suppressed), meetings and quota when a poll is due; with the state those
 * attempts leave and what could not be fetched.
 */
async function decideCheck(
  ctx: RuleContext,
  reason: CheckReason,
  suppressedBy: SuppressionReason | undefined,
  fetcher: NotificationFetcher,
): Promise<{
  state: NotificationState;
  decisions: NotificationDecision[];
  errors: FetchFailure[];
}> {
  const { now, settings } = ctx;
  const errors: FetchFailure[] = [];
  let state = ctx.state;
  const decisions: NotificationDecision[] = [];

  const due = morningDue(ctx);
  if (due !== undefined) {
    if (suppressedBy !== undefined) {
      // Recorded without fetching: nobody will read the headline.
      decisions.push(morningDecision(due, undefined, ctx.translator));
    } else {
      state = { ...state, lastMorningAttemptAt: now.toISOString() };
      const briefing = await attempt('morning-briefing', () => fetcher.getMorningBriefing());
      if (briefing.ok) decisions.push(morningDecision(due, briefing.value, ctx.translator));
    }
  }

  const polls = settings.enabled['meeting-briefing'] || settings.enabled.quota;
  if (
    (polls && reason !== 'timer') ||
    isPollDue({ ...ctx, state }) ||
    isPendingMeetingDue({ ...ctx, state })
  ) {
    state = { ...state, lastPollAt: now.toISOString() };
    if (settings.enabled['meeting-briefing']) {
      const briefing = await attempt('meeting-briefing', () => fetcher.getMeetingBriefing());
      // Offline, remembered meetings are still announced on time.
      const outcome = decideMeetings({ ...ctx, state }, briefing.ok ? briefing.value : undefined);
      decisions.push(...outcome.decisions);
      state = { ...state, pendingMeetings: outcome.pending };
    }
    if (settings.enabled.quota) {
      const usage = await attempt('usage', async () => parseUsage(await fetcher.getUsage()));
      if (usage.ok) decisions.push(...decideQuota({ ...ctx, state }, usage.value));
    }
  }
  return { state, decisions, errors };

  async function attempt<T>(
    source: FetchSource,
    fetch: () => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    try {
      return { ok: true, value: await fetch() };
    } catch (error) {
      errors.push({ source, error: toAssistantError(error).toData() });
      return { ok: false };
    }
  }
}

/** The service's usage answer, checked against the documented shape (the API client's schema). */
function parseUsage(value: unknown): UsageSummary {
  const parsed = UsageSummary.safeParse(value);
  if (!parsed.success) throw schemaError(parsed.error, value, { pathPrefix: 'data' });
  return parsed.data;
}

/**
 * The runner's fetcher over the core API client: each method returns the endpoint's `data`;
 * `signal` (the wiring's lifetime) cancels what is in flight.
 */
export function clientFetcher(
  client: Pick<ApiClient, 'getMorningBriefing' | 'getMeetingBriefing' | 'getUsage'>,
  signal?: AbortSignal,
): NotificationFetcher {
  return {
    getMorningBriefing: async () => (await client.getMorningBriefing({ signal })).data.data,
    getMeetingBriefing: async () => (await client.getMeetingBriefing({ signal })).data.data,
    getUsage: async () => (await client.getUsage({ signal })).data,
  };
}
