// Batches run changes per frame interval so subscribers (the renderer over IPC, the CLI) get at
// most one update per run per interval: the text appended since the previous batch, the status
// changes and the raw events in arrival order. Never a message per token, never a snapshot.
//
// One timer serves all runs, and a flush hands every run's batch over in one call: ten live runs
// cost one message per frame to each window, not ten. The timer fires no sooner than `intervalMs`
// after the previous flush, so any two flushes are at least one interval apart; an idle
// coalescer has no timer.
//
// While several runs stream at once, each batch pays for its run's id and fields: at 2,000
// tokens/s a run gathers only ~160 characters a frame, less than half of what the batch costs
// around them. So with more than one run pending and every one of them only a little text, the
// frame waits for a later one, at most `maxHoldMs` after its oldest change; anything else (a
// status, an event, the end) goes at the next frame. A single run is never held: its reader sees
// every frame.
import type { ErrorData } from '../../contract/common';
import type { RunUpdate } from '../../contract/runs';
import { systemClock, type Clock, type TimerHandle } from '../clock';
import type { ConnectionState, RunEvent, RunUsage } from '../stream/events';

export const DEFAULT_FRAME_INTERVAL_MS = 16;
/** Below this much text, a run's batch may wait while other runs stream too. */
export const DEFAULT_HOLD_BELOW_CHARS = 512;
/** The longest a run's text waits for company: four frames, still a steady stream to read. */
export const DEFAULT_MAX_HOLD_MS = 64;

interface Pending {
  text: string[];
  textChars: number;
  /** When this batch got its first change. */
  since: number;
  statuses: string[];
  events: RunEvent[];
  stream?: ConnectionState;
  done: boolean;
  usage?: RunUsage;
  error?: ErrorData;
}

export interface CoalescerOptions {
  intervalMs?: number;
  holdBelowChars?: number;
  maxHoldMs?: number;
  clock?: Clock;
  /** Every run's batch of one flush, at least one, each run at most once. */
  emit: (updates: RunUpdate[]) => void;
}

export class UpdateCoalescer {
  private readonly intervalMs: number;
  private readonly holdBelowChars: number;
  private readonly maxHoldMs: number;
  private readonly clock: Clock;
  private readonly emit: (updates: RunUpdate[]) => void;
  private readonly pending = new Map<string, Pending>();
  private readonly seqs = new Map<string, number>();
  private timer: TimerHandle | undefined;
  private lastFlushAt = Number.NEGATIVE_INFINITY;

  constructor(options: CoalescerOptions) {
    this.intervalMs = Math.max(0, options.intervalMs ?? DEFAULT_FRAME_INTERVAL_MS);
    this.holdBelowChars = Math.max(0, options.holdBelowChars ?? DEFAULT_HOLD_BELOW_CHARS);
    this.maxHoldMs = Math.max(0, options.maxHoldMs ?? DEFAULT_MAX_HOLD_MS);
    this.clock = options.clock ?? systemClock;
    this.emit = options.emit;
  }

  /** The seq of the last batch sent for `runId` (0 before the first). */
  seq(runId: string): number {
    return this.seqs.get(runId) ?? 0;
  }

  /** How much of `runId`'s text is still waiting for its batch (not covered by `seq`). */
  unsentTextLength(runId: string): number {
    return this.pending.get(runId)?.textChars ?? 0;
  }

  /** Whether `runId`'s end is still waiting for its batch. */
  endUnsent(runId: string): boolean {
    return this.pending.get(runId)?.done === true;
  }

  text(runId: string, text: string): void {
    if (text === '') return;
    const entry = this.entry(runId);
    entry.text.push(text);
    entry.textChars += text.length;
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
    this.send(false);
  }

  private send(mayHold: boolean): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const now = this.clock.now();
    this.lastFlushAt = now;
    if (mayHold && this.pending.size > 1) {
      const all = [...this.pending.values()];
      // The frame waits as a whole, so the runs keep travelling together.
      if (all.every((entry) => this.holds(entry, now))) return this.schedule();
    }
    const batches = [...this.pending];
    this.pending.clear();
    const updates: RunUpdate[] = [];
    for (const [runId, entry] of batches) {
      const seq = (this.seqs.get(runId) ?? 0) + 1;
      this.seqs.set(runId, seq);
      const update: RunUpdate = { runId, seq, textAppended: entry.text.join('') };
      if (entry.statuses.length > 0) update.statuses = entry.statuses;
      if (entry.events.length > 0) update.events = entry.events;
      if (entry.done) update.done = true;
      if (entry.stream !== undefined) update.stream = entry.stream;
      if (entry.usage !== undefined) update.usage = entry.usage;
      if (entry.error !== undefined) update.error = entry.error;
      updates.push(update);
    }
    this.emit(updates);
  }

  /**
   * Forgets a run's sequence (after it is dismissed); pending changes are sent first. Sending
   * them at once breaks the one-interval spacing by one batch, but keeps the seq simple: a run
   * attached again under the same id (a stored run shown, a retry) starts from 0 at once, never
   * from a seq that a later frame would then drop.
   */
  forget(runId: string): void {
    if (this.pending.has(runId)) this.flush();
    this.seqs.delete(runId);
  }

  dispose(): void {
    this.flush();
  }

  /** Only a little text, waiting less than `maxHoldMs`: it can ride with a later frame. */
  private holds(entry: Pending, now: number): boolean {
    return (
      entry.textChars < this.holdBelowChars &&
      now - entry.since < this.maxHoldMs &&
      entry.statuses.length === 0 &&
      entry.events.length === 0 &&
      entry.stream === undefined &&
      !entry.done
    );
  }

  private entry(runId: string): Pending {
    let entry = this.pending.get(runId);
    if (entry === undefined) {
      const since = this.clock.now();
      entry = { text: [], textChars: 0, since, statuses: [], events: [], done: false };
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
      else this.send(true);
    }, Math.ceil(wait));
  }
}
