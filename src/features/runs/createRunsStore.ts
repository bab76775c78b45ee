// Runs at app level: live runs (their status; their text lives in ./output), actions on them,
// the history pages and run details. Built on a given `Call`, so the store is driven under Node
// in its tests; every piece of its state (the load sequence, the resync under way) lives in the
// store made here, none in the module.
import { create } from 'zustand';
import type { StoreApi } from 'zustand';
import type {
  ErrorData,
  LiveRunSummary,
  RunDetail,
  RunUpdate,
  RunsPage,
} from '../../../electron/contract';
import { idle, loadingFrom } from '../../platform/loadable';
import type { Loadable } from '../../platform/loadable';
import { toErrorData } from '../../platform/requests';
import type { Call } from '../../platform/requests';
import { existingOutput, markOutputFinished, outputFor } from '../../lib/runOutput';
import { fillOutputFromDetail, keepRecent, withoutStoredText } from './runDetails';
import { fromLive, nextMeta } from './runMeta';
import type { LiveRunMeta } from './runMeta';

export interface HistoryParams {
  limit: number;
  offset: number;
  status?: string;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface RunsState {
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

type SetState = StoreApi<RunsState>['setState'];
type GetState = StoreApi<RunsState>['getState'];

/** Live runs: started here, reloaded from snapshots, moved by update batches. */
function liveRuns(call: Call, set: SetState, get: GetState) {
  function track(run: LiveRunMeta): void {
    set((s) => ({ live: { ...s.live, [run.runId]: { ...s.live[run.runId], ...run } } }));
    if (run.done) markOutputFinished(run.runId);
  }

  let resyncing: Promise<void> | undefined;
  let resyncAgain = false;
  function resyncLive(): Promise<void> {
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

  async function loadLive(): Promise<void> {
    try {
      const { runs } = await call('runs.live', {});
      const live = { ...get().live };
      for (const run of runs) {
        const output = outputFor(run.runId);
        // A snapshot older than what we already applied would roll the text back.
        if (run.seq >= output.seq) output.reset(run.text, run.seq);
        live[run.runId] = { ...live[run.runId], ...fromLive(run) };
        if (run.done) markOutputFinished(run.runId);
      }
      set({ live });
    } catch {
      // Live runs show again with the next update or runs.changed event.
    }
  }

  function applyUpdates(updates: readonly RunUpdate[]): void {
    const live = get().live;
    let changed: Record<string, LiveRunMeta> | undefined;
    let needResync = false;
    for (const update of updates) {
      const known = changed?.[update.runId] ?? live[update.runId];
      // A finished run whose output was let go (nobody shows it): a batch still on its way after
      // runs.changed said it ended is no gap. Applied to a fresh output it would be one, and each
      // such resync read every live run's whole text (ten answers ending on a deal's page: ten
      // reads of up to 750 KB, tasks of 50-120 ms). Opening the run reads its transcript.
      if (known?.done === true && existingOutput(update.runId) === undefined) continue;
      const result = outputFor(update.runId).apply(update);
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
    if (needResync) void resyncLive();
  }

  function applySummaries(runs: LiveRunSummary[]): void {
    const live = { ...get().live };
    for (const run of runs) {
      live[run.runId] = { ...live[run.runId], ...run };
      if (run.done) markOutputFinished(run.runId);
    }
    set({ live });
  }

  return { track, loadLive, resyncLive, applyUpdates, applySummaries };
}

/** Start, Cancel and Retry: each a request whose answer is a live run to follow. */
function runActions(call: Call, set: SetState, get: GetState, track: (run: LiveRunMeta) => void) {
  /** One action on a run: pending while it runs, its error kept beside the run if it fails. */
  async function act<T>(
    runId: string,
    kind: 'cancel' | 'retry',
    action: () => Promise<T>,
  ): Promise<T | undefined> {
    set((s) => ({
      pendingActions: { ...s.pendingActions, [runId]: kind },
      actionErrors: { ...s.actionErrors, [runId]: undefined },
    }));
    try {
      const out = await action();
      set((s) => ({ pendingActions: { ...s.pendingActions, [runId]: undefined } }));
      return out;
    } catch (error) {
      set((s) => ({
        pendingActions: { ...s.pendingActions, [runId]: undefined },
        actionErrors: { ...s.actionErrors, [runId]: toErrorData(error) },
      }));
      return undefined;
    }
  }

  /** A run the host just started: its output is ready before the first batch comes. */
  function follow(run: LiveRunMeta): LiveRunMeta {
    outputFor(run.runId);
    track(run);
    return run;
  }

  return {
    async start(input: { agentId: string; message: string; dealId: string }) {
      const summary = await call('runs.start', input);
      return follow({ ...summary, message: input.message });
    },
    async cancel(runId: string) {
      await act(runId, 'cancel', async () => track(await call('runs.cancel', { runId })));
    },
    retry: (runId: string) =>
      act(runId, 'retry', async () => {
        const summary = await call('runs.retry', { runId });
        const previous = get().live[runId];
        const message = previous?.message ?? get().details[runId]?.value?.transcript?.message;
        return follow(message === undefined ? summary : { ...summary, message }).runId;
      }),
  };
}

/** The history's pages and the details of runs opened. */
function runRecords(call: Call, set: SetState, get: GetState) {
  // Which history load may still answer: a later load or a reset outdates the ones before it.
  let historySeq = 0;
  return {
    resetHistory() {
      historySeq += 1;
      set({ history: idle(), details: {} });
    },

    async loadHistory(params: HistoryParams) {
      const mine = ++historySeq;
      set({ historyParams: params, history: loadingFrom(get().history) });
      try {
        const input =
          params.status === undefined ? { limit: params.limit, offset: params.offset } : params;
        const value = await call('runs.list', input);
        if (mine !== historySeq) return;
        const fetchedAt = new Date().toISOString();
        set({ history: { value, loading: false, stale: false, fetchedAt } });
      } catch (error) {
        if (mine === historySeq)
          set({ history: { ...get().history, loading: false, error: toErrorData(error) } });
      }
    },

    async loadDetail(runId: string) {
      const put = (entry: Loadable<RunDetail>) =>
        set((s) => ({ details: keepRecent(s.details, runId, entry) }));
      put(loadingFrom(get().details[runId]));
      try {
        const value = await call('runs.get', { runId });
        fillOutputFromDetail(runId, value, get().live[runId]);
        put({ value: withoutStoredText(value), loading: false, stale: false });
      } catch (error) {
        put({ ...(get().details[runId] ?? idle()), loading: false, error: toErrorData(error) });
      }
    },
  };
}

export function createRunsStore(call: Call) {
  return create<RunsState>((set, get) => {
    const { track, ...live } = liveRuns(call, set, get);
    return {
      live: {},
      actionErrors: {},
      pendingActions: {},
      history: idle(),
      historyParams: { limit: DEFAULT_PAGE_SIZE, offset: 0 },
      details: {},
      ...live,
      ...runActions(call, set, get, track),
      ...runRecords(call, set, get),
    };
  });
}
