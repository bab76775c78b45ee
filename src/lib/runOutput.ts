// A run's output kept outside React state: text appended by `run.update` batches goes into a
// list of chunks, and subscribers are told at most once per frame. Raw events are not kept here:
// the raw events panel reads them from the core's transcript a page at a time when opened.
// Components read a snapshot through useSyncExternalStore, so a thousand tokens a second cost
// one render per frame. Splitting into markdown blocks is the view's job (./runOutputBlocks), so
// the markdown lexer only loads with the first screen that shows output.
import type { RunUpdate } from '../../electron/contract';

export interface OutputSnapshot {
  readonly version: number;
  /** Bumped by reset(): text seen before belongs to another epoch and must be dropped. */
  readonly epoch: number;
  readonly chunkCount: number;
}

/** How far a reader has taken the chunks (which never change once added, within an epoch). */
export interface ChunkCursor {
  readonly epoch: number;
  readonly count: number;
}

export type Schedule = (callback: () => void) => void;

// Looked up on globalThis so this module also runs (and is unit-tested) under Node.
const frameSchedule: Schedule = (callback) => {
  const raf = (globalThis as { requestAnimationFrame?: (cb: () => void) => number })
    .requestAnimationFrame;
  if (typeof raf === 'function') raf.call(globalThis, () => callback());
  else setTimeout(callback, 16);
};

export type ApplyResult = 'applied' | 'duplicate' | 'gap';

export class RunOutput {
  private chunks: string[] = [];
  private joined: { count: number; text: string } = { count: 0, text: '' };
  private epoch = 0;
  private lastSeq = 0;
  private version = 0;
  private snapshot: OutputSnapshot;
  private readonly listeners = new Set<() => void>();
  private scheduled = false;

  constructor(
    readonly runId: string,
    private readonly schedule: Schedule = frameSchedule,
  ) {
    this.snapshot = this.makeSnapshot();
  }

  /** Replaces the text with a full snapshot (after a reload, or a stored transcript). */
  reset(text: string, seq: number): void {
    this.epoch += 1;
    this.chunks = text === '' ? [] : [text];
    this.joined = { count: 0, text: '' };
    this.lastSeq = seq;
    this.changed();
  }

  /**
   * Applies one batch. A batch already seen is ignored; a batch after a missing one is applied
   * too (text is never dropped), and 'gap' tells the caller to resynchronise from a snapshot.
   */
  apply(update: RunUpdate): ApplyResult {
    if (update.seq <= this.lastSeq) return 'duplicate';
    const gap = update.seq > this.lastSeq + 1;
    this.lastSeq = update.seq;
    if (update.textAppended !== '') this.chunks.push(update.textAppended);
    // Every batch counts as a change (a status or an unknown event too): the raw events panel
    // refreshes on it.
    this.changed();
    return gap ? 'gap' : 'applied';
  }

  get seq(): number {
    return this.lastSeq;
  }

  /** Whether there is any text yet (cheap: for a render on every batch, unlike `text()`). */
  isEmpty(): boolean {
    return this.chunks.length === 0;
  }

  /** The whole raw markdown, for Copy. */
  text(): string {
    if (this.joined.count !== this.chunks.length) {
      this.joined = { count: this.chunks.length, text: this.chunks.join('') };
    }
    return this.joined.text;
  }

  /**
   * What a reader at `from` has not taken yet: the chunks after it, or every chunk when a reset
   * has begun another epoch since. Read as the text is now, which may be ahead of the published
   * snapshot (a batch applied after the frame was published and before the render that reads
   * it); the cursor returned counts exactly what was handed over, so no chunk is taken twice.
   */
  readFrom(from: ChunkCursor): {
    chunks: readonly string[];
    restarted: boolean;
    next: ChunkCursor;
  } {
    const restarted = from.epoch !== this.epoch;
    const chunks = this.chunks.slice(restarted ? 0 : from.count);
    return {
      chunks,
      restarted,
      next: { epoch: this.epoch, count: (restarted ? 0 : from.count) + chunks.length },
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.onIdle?.(this);
    };
  };

  get watched(): boolean {
    return this.listeners.size > 0;
  }

  /** Called when the last subscriber leaves (the registry may then let the output go). */
  onIdle: ((output: RunOutput) => void) | undefined;

  getSnapshot = (): OutputSnapshot => this.snapshot;

  private changed(): void {
    this.version += 1;
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.publish());
  }

  private publish(): void {
    this.scheduled = false;
    this.snapshot = this.makeSnapshot();
    for (const listener of [...this.listeners]) listener();
  }

  private makeSnapshot(): OutputSnapshot {
    return {
      version: this.version,
      epoch: this.epoch,
      chunkCount: this.chunks.length,
    };
  }
}

// Outputs of live runs stay in memory (they keep streaming while nobody watches); a finished
// run's output is let go once nobody shows it, and is read back from its transcript when opened
// again, so a day of long runs does not pile up in the renderer's heap.
const outputs = new Map<string, RunOutput>();
const finished = new Set<string>();

function evictIfIdle(output: RunOutput): void {
  if (!output.watched && finished.has(output.runId)) {
    outputs.delete(output.runId);
    finished.delete(output.runId);
  }
}

export function outputFor(runId: string): RunOutput {
  let output = outputs.get(runId);
  if (!output) {
    output = new RunOutput(runId);
    output.onIdle = evictIfIdle;
    outputs.set(runId, output);
  }
  return output;
}

export function existingOutput(runId: string): RunOutput | undefined {
  return outputs.get(runId);
}

/** The run reached its end: its output may be let go once nobody shows it. */
export function markOutputFinished(runId: string): void {
  const output = outputs.get(runId);
  if (!output) return;
  finished.add(runId);
  evictIfIdle(output);
}
