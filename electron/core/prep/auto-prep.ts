// Prep that starts itself: for each upcoming meeting about a deal, the prep agent runs
// `leadMinutes` before it, once per meeting occurrence. Each check reads the meeting briefing
// afresh and starts only what that briefing still holds, so a meeting moved before its prep ran
// is prepared at its new time and a cancelled one (gone from the briefing) not at all. The record
// is claimed in the data folder before the run starts (records.ts), so restarts, a sleep over the
// prep time and two cores on one folder give one run. A prep time that passed while the app was
// closed or asleep still gets its prep if the meeting is more than ten minutes away.
//
// Within the quota, never against it (quota-gate.ts): short of the reserve, nothing starts and a
// notification says so once per billing period. A 429 is never retried; after a 503 the prep is
// tried again later, backing off; after two failures in a day, none more that day.
import type { AutoPreps } from '../../contract';
import { meetingsOf } from '../../domain/briefings/meetings';
import type { UsageSummary } from '../api/schemas';
import { toAssistantError } from '../errors';
import { runOutcome } from '../notifications/run-finished';
import { nextWake } from './next-wake';
import { prepQuotaDecision, prepReadyDecision } from './prep-notices';
import {
  MAX_FAILURES_A_DAY,
  TOO_LATE_MS,
  failuresToday,
  firstLines,
  isEligible,
  prepView,
  recordFor,
  timed,
  withNamedDeals,
  type TimedMeeting,
} from './prep-view';
import { quotaGate, quotaNoticeKeptUntil, type QuotaGate } from './quota-gate';
import {
  KEEP_RECORDS_MS,
  occurrenceId,
  recordKeptUntil,
  startingRecord,
  type PrepRecord,
} from './records';
import { prepareNow, type PrepareRequest, type Prepared } from './prepare-now';
import { setProgress, startClaimed, translatorOf, type Context } from './start-claimed';
import type { AutoPrepOptions } from './options';

export type { AutoPrepOptions, AutoPrepSettings, StartPrepRun } from './options';

/** How many finished runs of unknown owner are remembered (the user's own runs among them). */
const MAX_FINISHED_EARLY = 50;

/** A claim still `starting` this long after it was made belongs to a core that went away. */
const STALE_START_MS = 2 * 60_000;

export interface AutoPrep {
  /** Starts what is due; resolves with when to check next (undefined: only on a change). */
  check(): Promise<Date | undefined>;
  /** A run finished: if it is a prep, its state and its one notification. */
  runFinished(run: { runId: string; status: string }): Promise<void>;
  /** Whether a run is one of the preps (its own notification replaces run-finished's). */
  owns(runId: string): boolean;
  list(): Promise<AutoPreps>;
  markRead(meetingKey: string): Promise<AutoPreps>;
  /** Prepare asked for one meeting now: starts its prep, or shows the one there (prepare-now.ts). */
  prepare(request: PrepareRequest): Promise<Prepared>;
}

/** The quota notification, once per billing period whichever core sees it first. */
async function sayQuotaShort(context: Context, gate: Extract<QuotaGate, { open: false }>) {
  const { options } = context;
  const keepUntil = quotaNoticeKeptUntil(gate, options.now());
  if (!(await options.records.once(`quota:${gate.periodStart}`, keepUntil))) return;
  await options.deliver(prepQuotaDecision(translatorOf(options), gate));
}

/** Usage read at most once a check, and only when a prep is due. */
function lazyUsage(options: AutoPrepOptions) {
  let usage: Promise<UsageSummary | undefined> | undefined;
  return () => (usage ??= options.fetchUsage().catch(() => undefined));
}

/** Starts a due meeting's prep, or retries one that waits after a 503, or records why not. */
async function prepareDue(
  context: Context,
  meeting: TimedMeeting,
  all: readonly PrepRecord[],
  usage: () => Promise<UsageSummary | undefined>,
): Promise<void> {
  const { options } = context;
  const { records } = options;
  const now = options.now();
  const existing = recordFor(all, meeting);
  if (existing !== undefined) {
    const progress = existing.progress;
    if (progress.status !== 'waiting' || Date.parse(progress.retryAt) > now.getTime()) return;
    // Each retry is taken once, whichever core gets to it.
    const id = occurrenceId(existing.meetingKey, existing.startsAt);
    if (await records.once(`retry:${id}:${progress.attempts}`, recordKeptUntil(existing))) {
      await startClaimed(context, existing, progress.attempts + 1);
    }
    return;
  }
  if (failuresToday(all, now, options.timeZone()) >= MAX_FAILURES_A_DAY) return;
  const agentId = await options.agentId();
  if (agentId === undefined || meeting.dealId === undefined) return;
  const record = startingRecord(meeting, meeting.dealId, agentId, now);
  const current = await usage();
  // Usage that cannot be read lets the run through: the service enforces its own quota.
  const gate =
    current === undefined ? undefined : quotaGate(current, options.settings().reservePercent);
  if (gate !== undefined && !gate.open) {
    const skipped: PrepRecord = {
      ...record,
      progress: { status: 'skipped', reason: 'quota', at: now.toISOString() },
    };
    if (await records.claim(skipped)) await sayQuotaShort(context, gate);
    return;
  }
  if (await records.claim(record)) await startClaimed(context, record, 1);
}

/** Claims left `starting` by a core that went away: their run may or may not exist. */
async function failStaleStarts(context: Context, all: readonly PrepRecord[]) {
  const now = context.options.now();
  for (const record of all) {
    const { progress } = record;
    if (progress.status === 'running' || progress.status === 'ready')
      context.runIds.add(progress.runId);
    if (
      progress.status === 'starting' &&
      now.getTime() - Date.parse(progress.at) > STALE_START_MS
    ) {
      await setProgress(context, record, {
        status: 'skipped',
        reason: 'failed',
        at: now.toISOString(),
      });
    }
  }
}

/** Pages hear of a change, not of every read of the briefing that changed nothing. */
function changeTeller(onChange: ((preps: AutoPreps) => void) | undefined) {
  let told = '';
  return (preps: AutoPreps) => {
    const text = JSON.stringify(preps);
    if (text === told) return;
    told = text;
    onChange?.(preps);
  };
}

/** A prep's run finished: ready with its first lines and one notification, or why not. */
async function finishPrep(
  context: Context,
  runId: string,
  status: string,
  changed: () => Promise<void>,
): Promise<void> {
  const { options } = context;
  const { records } = options;
  const now = () => options.now();
  await context.recording.get(runId)?.catch(() => undefined);
  const record = (await records.list()).find(
    (entry) => entry.progress.status === 'running' && entry.progress.runId === runId,
  );
  if (record === undefined) return;
  const outcome = runOutcome(status);
  const at = now().toISOString();
  if (outcome !== 'succeeded') {
    const reason = outcome === 'cancelled' ? 'cancelled' : 'failed';
    await setProgress(context, record, { status: 'skipped', reason, at, runId });
  } else {
    const lines = firstLines((await options.readAnswer(runId).catch(() => undefined)) ?? '');
    const progress = {
      status: 'ready',
      runId,
      finishedAt: at,
      firstLines: lines,
      read: false,
    } as const;
    await setProgress(context, record, progress);
    await options.deliver(
      prepReadyDecision(translatorOf(options), record, {
        runId,
        firstLines: lines,
        timeZone: options.timeZone(),
      }),
    );
  }
  await changed();
}

export function createAutoPrep(options: AutoPrepOptions): AutoPrep {
  const { records, now, log } = options;
  const context: Context = {
    options,
    runIds: new Set(),
    recording: new Map(),
    finishedEarly: new Map(),
    finish: (runId, status) => finishPrep(context, runId, status, changed),
  };
  /** The meetings of the last briefing read; only a fresh read starts a run. */
  let known: TimedMeeting[] = [];

  const view = async (all?: readonly PrepRecord[]): Promise<AutoPreps> => {
    const settings = options.settings();
    return prepView({
      mode: settings.mode,
      leadMinutes: settings.leadMinutes,
      known,
      records: all ?? (await records.list()),
      agentId: settings.mode === 'off' ? undefined : await options.agentId(),
      now: now(),
      timeZone: options.timeZone(),
    });
  };
  const tell = changeTeller(options.onChange);
  const changed = async () => tell(await view());

  const readBriefing = async (): Promise<boolean> => {
    try {
      const meetings = timed(meetingsOf(await options.fetchBriefing()));
      known = await withNamedDeals(meetings, options.settings().mode, options.dealNamedIn);
      return true;
    } catch (error) {
      log.info('Automatic prep could not read the meeting briefing', {
        error: toAssistantError(error).toData(),
      });
      return false;
    }
  };

  return {
    async check() {
      const settings = options.settings();
      const nowMs = now().getTime();
      const fresh = settings.mode !== 'off' && (await readBriefing());
      await records.prune(new Date(nowMs - KEEP_RECORDS_MS)).catch(() => undefined);
      await failStaleStarts(context, await records.list());
      if (fresh) {
        const usage = lazyUsage(options);
        for (const meeting of known) {
          if (!isEligible(settings.mode, meeting)) continue;
          const start = Date.parse(meeting.startsAt);
          const due = start - settings.leadMinutes * 60_000;
          if (nowMs < due || start - nowMs <= TOO_LATE_MS) continue;
          await prepareDue(context, meeting, await records.list(), usage);
        }
      }
      const all = await records.list();
      tell(await view(all));
      return settings.mode === 'off' ? undefined : nextWake(settings, known, all, nowMs);
    },
    owns: (runId) => context.runIds.has(runId),
    async runFinished({ runId, status }) {
      if (context.runIds.has(runId)) return context.finish(runId, status);
      const early = context.finishedEarly.set(runId, status);
      // The oldest goes first: a Map keeps the order of insertion.
      if (early.size > MAX_FINISHED_EARLY) early.delete(early.keys().next().value ?? '');
    },
    list: () => view(),
    async prepare(request) {
      const prepared = await prepareNow(context, request, () => view());
      // Today shows it too: running now, or ready once the run ends.
      await changed();
      return prepared;
    },
    async markRead(meetingKey) {
      for (const record of await records.list()) {
        const { progress } = record;
        if (record.meetingKey !== meetingKey || progress.status !== 'ready' || progress.read)
          continue;
        await setProgress(context, record, { ...progress, read: true });
      }
      const preps = await view();
      tell(preps);
      return preps;
    },
  };
}
