// Batches run changes per frame interval so subscribers (the renderer over IPC, the CLI) get at
// most one update per run per interval: the text appended since the previous batch, the status
// changes and the raw events in arrival order. Never a message per token, never a snapshot.
//
// One timer serves all runs, and a flush hands every run's batch over in one call: ten live runs
// cost one message per frame to each window, not ten. The timer fires no sooner than `intervalMs`
// after the previous flush, so any two flushes are at least one interval apart; an idle
// coalescer has no timer.
import type { ErrorData } from '../../contract/common';
import type { RunUpdate } from '../../contract/runs';
import { systemClock, type Clock, type TimerHandle } from '../stream/clock';
import type { ConnectionState, RunEvent, RunUsage } from '../stream/events';

export const DEFAULT_FRAME_INTERVAL_MS = 16;

interface Pending {
  text: string[];
  statuses: string[];
  events: RunEvent[];
  stream?: ConnectionState;
  done: boolean;
  usage?: RunUsage;
  error?: ErrorData;
}

export interface CoalescerOptions {
  intervalMs?: number;
  clock?: Clock;
  /** Every run's batch of one flush, at least one, each run at most once. */
  emit: (updates: RunUpdate[]) => void;
}

export class UpdateCoalescer {
  private readonly intervalMs: number;
  private readonly clock: Clock;
  private readonly emit: (updates: RunUpdate[]) => void;
  private readonly pending = new Map<string, Pending>();
  private readonly seqs = new Map<string, number>();
  private timer: TimerHandle | undefined;
  private lastFlushAt = Number.NEGATIVE_INFINITY;

  constructor(options: CoalescerOptions) {
    this.intervalMs = Math.max(0, options.intervalMs ?? DEFAULT_FRAME_INTERVAL_MS);
    this.clock = options.clock ?? systemClock;
    this.emit = options.emit;
  }

  /** The seq of the last batch sent for `runId` (0 before the first). */
  seq(runId: string): number {
    return this.seqs.get(runId) ?? 0;
  }

  text(runId: string, text: string): void {
    if (text === '') return;
    this.entry(runId).text.push(text);
  }

  status(runId: string, status: string): void {
    this.entry(runId).statuses.push(status);
  }

  /** A non-output event (other, error, final) to pass on raw. */
  event(runId: string, event: RunEvent): void {
    this.entry(runId).events.push(event);
  }

  stream(runId: string, state: ConnectionState): void {
    this.entry(runId).stream = state;
  }

  done(runId: string, details: { usage?: RunUsage; error?: ErrorData } = {}): void {
    const entry = this.entry(runId);
    entry.done = true;
    if (details.usage !== undefined) entry.usage = details.usage;
    if (details.error !== undefined) entry.error = details.error;
  }

  /** Sends everything pending now (shutting down, or a test that wants the batch). */
  flush(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    this.lastFlushAt = this.clock.now();
    const batches = [...this.pending];
    this.pending.clear();
    const updates: RunUpdate[] = [];
    for (const [runId, entry] of batches) {
      const seq = (this.seqs.get(runId) ?? 0) + 1;
      this.seqs.set(runId, seq);
      const update: RunUpdate = {
        runId,
        seq,
        textAppended: entry.text.join(''),
        statuses: entry.statuses,
        events: entry.events,
        done: entry.done,
      };
      if (entry.stream !== undefined) update.stream = entry.stream;
      if (entry.usage !== undefined) update.usage = entry.usage;
      if (entry.error !== undefined) update.error = entry.error;
      updates.push(update);
    }
    this.emit(updates);
  }

  /** Forgets a run's sequence (after it is dismissed); pending changes are sent first. */
  forget(runId: string): void {
    if (this.pending.has(runId)) this.flush();
    this.seqs.delete(runId);
  }

  dispose(): void {
    this.flush();
  }

  private entry(runId: string): Pending {
    let entry = this.pending.get(runId);
    if (entry === undefined) {
      entry = { text: [], statuses: [], events: [], done: false };
      this.pending.set(runId, entry);
    }
    this.schedule();
    return entry;
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    const wait = Math.max(0, this.lastFlushAt + this.intervalMs - this.clock.now());
    // Even with no wait, a timer (not an immediate flush) gathers a burst parsed from one chunk.
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      // Timers may fire a fraction of a millisecond early; never let two batches come closer.
      if (this.clock.now() < this.lastFlushAt + this.intervalMs) this.schedule();
      else this.flush();
    }, Math.ceil(wait));
  }
}
