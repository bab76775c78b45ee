// Runs at app level: live runs (their status; their text lives in ./output), actions on them,
// the history pages and run details. Subscribed to the host's events once, so a run keeps
// streaming while the user is on another screen.
import { create } from 'zustand';
import type {
  ErrorData,
  LiveRun,
  LiveRunSummary,
  RunDetail,
  RunUpdate,
  RunsPage,
} from '../../../electron/contract';
import { call, toErrorData } from '../../app/api';
import { idle, loadingFrom } from '../../app/loadable';
import type { Loadable } from '../../app/loadable';
import { answerFromRecord } from '../../lib/runRecord';
import { existingOutput, markOutputFinished, outputFor } from './output';

export interface LiveRunMeta extends LiveRunSummary {
  /** The question, when this renderer knows it. */
  message?: string;
}

export interface HistoryParams {
  limit: number;
  offset: number;
  status?: string;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

interface RunsState {
  live: Record<string, LiveRunMeta>;
  /** Errors of Cancel or Retry, per run. */
  actionErrors: Record<string, ErrorData | undefined>;
  pendingActions: Record<string, 'cancel' | 'retry' | undefined>;
  history: Loadable<RunsPage>;
  historyParams: HistoryParams;
  details: Record<string, Loadable<RunDetail> | undefined>;
  /** Start a run; throws a RequestError so the caller can keep the draft and show the error. */
  start(input: { agentId: string; message: string; dealId: string }): Promise<LiveRunMeta>;
  cancel(runId: string): Promise<void>;
  retry(runId: string): Promise<string | undefined>;
  loadLive(): Promise<void>;
  /**
   * Reloads the live runs' snapshots (after missed events), once at a time: asked again while
   * one is loading, it loads once more afterwards, so the last answer is never older than the ask.
   */
  resyncLive(): Promise<void>;
  loadHistory(params: HistoryParams): Promise<void>;
  loadDetail(runId: string): Promise<void>;
  /** One `run.update` event: every run's batch of a frame, applied with one store change. */
  applyUpdates(updates: readonly RunUpdate[]): void;
  applySummaries(runs: LiveRunSummary[]): void;
  /** Another service: its history and run records go (live runs follow runs.changed). */
  resetHistory(): void;
}

let historySeq = 0;
let resyncing: Promise<void> | undefined;
let resyncAgain = false;

function fromLive(run: LiveRun): LiveRunMeta {
  const { text: _text, ...meta } = run;
  return meta;
}

export const useRuns = create<RunsState>((set, get) => {
  function track(run: LiveRunMeta): void {
    set((s) => ({ live: { ...s.live, [run.runId]: { ...s.live[run.runId], ...run } } }));
    if (run.done) markOutputFinished(run.runId);
  }

  function resync(): Promise<void> {
    if (resyncing) {
      // The snapshot on its way may predate what made us ask (a gap seen after it was taken).
      resyncAgain = true;
      return resyncing;
    }
    const run = async () => {
      do {
        resyncAgain = false;
        await get().loadLive();
      } while (resyncAgain);
    };
    resyncing = run().finally(() => {
      resyncing = undefined;
    });
    return resyncing;
  }

  return {
    live: {},
    actionErrors: {},
    pendingActions: {},
    history: idle(),
    historyParams: { limit: DEFAULT_PAGE_SIZE, offset: 0 },
    details: {},

    async start(input) {
      const summary = await call('runs.start', input);
      const run: LiveRunMeta = { ...summary, message: input.message };
      outputFor(run.runId);
      track(run);
      return run;
    },

    async cancel(runId) {
      set((s) => ({
        pendingActions: { ...s.pendingActions, [runId]: 'cancel' },
        actionErrors: { ...s.actionErrors, [runId]: undefined },
      }));
      try {
        track(await call('runs.cancel', { runId }));
        set((s) => ({ pendingActions: { ...s.pendingActions, [runId]: undefined } }));
      } catch (error) {
        set((s) => ({
          pendingActions: { ...s.pendingActions, [runId]: undefined },
          actionErrors: { ...s.actionErrors, [runId]: toErrorData(error) },
        }));
      }
    },

    async retry(runId) {
      set((s) => ({
        pendingActions: { ...s.pendingActions, [runId]: 'retry' },
        actionErrors: { ...s.actionErrors, [runId]: undefined },
      }));
      try {
        const summary = await call('runs.retry', { runId });
        const previous = get().live[runId];
        const message = previous?.message ?? get().details[runId]?.value?.transcript?.message;
        const run: LiveRunMeta = message === undefined ? summary : { ...summary, message };
        outputFor(run.runId);
        track(run);
        set((s) => ({ pendingActions: { ...s.pendingActions, [runId]: undefined } }));
        return run.runId;
      } catch (error) {
        set((s) => ({
          pendingActions: { ...s.pendingActions, [runId]: undefined },
          actionErrors: { ...s.actionErrors, [runId]: toErrorData(error) },
        }));
        return undefined;
      }
    },

    async loadLive() {
      try {
        const { runs } = await call('runs.live', {});
        const live = { ...get().live };
        for (const run of runs) {
          const output = outputFor(run.runId);
          // A snapshot older than what we already applied would roll the text back.
          if (run.seq >= output.seq) output.reset(run.text, run.seq);
          const meta = fromLive(run);
          live[run.runId] = { ...live[run.runId], ...meta };
          if (run.done) markOutputFinished(run.runId);
        }
        set({ live });
      } catch {
        // Live runs show again with the next update or runs.changed event.
      }
    },

    resyncLive: () => resync(),

    resetHistory() {
      historySeq += 1;
      set({ history: idle(), details: {} });
    },

    async loadHistory(params) {
      const mine = ++historySeq;
      set({ historyParams: params, history: loadingFrom(get().history) });
      try {
        const input =
          params.status === undefined ? { limit: params.limit, offset: params.offset } : params;
        const value = await call('runs.list', input);
        if (mine === historySeq) {
          set({
            history: { value, loading: false, stale: false, fetchedAt: new Date().toISOString() },
          });
        }
      } catch (error) {
        if (mine === historySeq) {
          set({ history: { ...get().history, loading: false, error: toErrorData(error) } });
        }
      }
    },

    async loadDetail(runId) {
      set((s) => ({ details: keepRecent(s.details, runId, loadingFrom(s.details[runId])) }));
      try {
        const value = await call('runs.get', { runId });
        // A finished run's output comes back from its transcript when it is not in memory.
        const live = get().live[runId];
        const output = existingOutput(runId);
        if (value.transcript && (!live || live.done) && (!output || output.seq === 0)) {
          const fresh = outputFor(runId);
          if (fresh.text() === '') {
            fresh.reset(value.transcript.text, 0);
          }
          markOutputFinished(runId);
        } else if (!value.transcript && !live && (!output || output.isEmpty())) {
          // Never followed here (made yesterday, elsewhere, by the command line): the answer is
          // the service's record of it, when the record holds one.
          const answer = value.record ? answerFromRecord(value.record.data) : undefined;
          if (answer !== undefined) {
            outputFor(runId).reset(answer, 0);
            markOutputFinished(runId);
          }
        }
        set((s) => ({
          details: keepRecent(s.details, runId, {
            value: withoutStoredText(value),
            loading: false,
            stale: false,
          }),
        }));
      } catch (error) {
        set((s) => ({
          details: keepRecent(s.details, runId, {
            ...(s.details[runId] ?? idle()),
            loading: false,
            error: toErrorData(error),
          }),
        }));
      }
    },

    applyUpdates(updates) {
      const live = get().live;
      let changed: Record<string, LiveRunMeta> | undefined;
      let needResync = false;
      for (const update of updates) {
        const output = outputFor(update.runId);
        const result = output.apply(update);
        const known = changed?.[update.runId] ?? live[update.runId];
        if (result === 'gap' || !known) needResync = true;
        if (result === 'duplicate' || !known) continue;
        const next = nextMeta(known, update);
        // The seq alone changes with every batch: keep React out of the text path.
        if (next !== undefined) (changed ??= {})[update.runId] = next;
        if (update.done === true || known.done) markOutputFinished(update.runId);
      }
      if (changed !== undefined) {
        const merged = changed;
        set((s) => ({ live: { ...s.live, ...merged } }));
      }
      if (needResync) void resync();
    },

    applySummaries(runs) {
      const live = { ...get().live };
      for (const run of runs) {
        live[run.runId] = { ...live[run.runId], ...run };
        if (run.done) markOutputFinished(run.runId);
      }
      set({ live });
    },
  };
});

/** A run's meta after a batch, or undefined when only its seq moved (no render needed). */
function nextMeta(known: LiveRunMeta, update: RunUpdate): LiveRunMeta | undefined {
  const lastStatus = update.statuses?.at(-1);
  const done = update.done === true;
  const changed =
    lastStatus !== undefined ||
    done !== known.done ||
    (update.stream !== undefined && update.stream !== known.stream) ||
    update.usage !== undefined ||
    update.error !== undefined;
  if (!changed) return undefined;
  const next: LiveRunMeta = { ...known, seq: update.seq };
  if (lastStatus !== undefined) next.status = lastStatus;
  if (update.stream !== undefined) next.stream = update.stream;
  if (update.usage !== undefined) next.usage = update.usage;
  if (update.error !== undefined) next.error = update.error;
  next.done = done || known.done;
  if (next.done && !known.done && next.finishedAt === undefined) {
    next.finishedAt = new Date().toISOString();
  }
  return next;
}

/** Live runs started on a deal, newest first. */
export function runsForDeal(live: Record<string, LiveRunMeta>, dealId: string): LiveRunMeta[] {
  return Object.values(live)
    .filter((r) => r.dealId === dealId)
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

export function isActiveStatus(status: string): boolean {
  return status === 'created' || status === 'queued' || status === 'running';
}

/**
 * Run details carry whole records and transcripts (a long answer twice over), so only the few
 * most recently opened stay in memory; an older one is fetched again when it is opened.
 */
const RECENT_DETAILS = 4;

function keepRecent<T>(
  details: Record<string, T | undefined>,
  runId: string,
  entry: T,
): Record<string, T | undefined> {
  const { [runId]: _previous, ...others } = details;
  const kept = Object.entries(others).slice(-(RECENT_DETAILS - 1));
  return { ...Object.fromEntries(kept), [runId]: entry };
}

/**
 * Once a stored transcript has filled the run's output buffer, its text (and the record's copy of
 * the output) would only keep a second and third copy of a long answer alive: the panel reads
 * the text from the buffer, and reloads the detail if the buffer was let go.
 */
function withoutStoredText(value: RunDetail): RunDetail {
  if (value.transcript === null) return value;
  let record = value.record;
  if (record !== null) {
    const { output: _output, ...data } = record.data;
    record = { ...record, data };
  }
  return { ...value, record, transcript: { ...value.transcript, text: '', events: [] } };
}
