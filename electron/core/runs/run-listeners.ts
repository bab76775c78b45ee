// The manager's two kinds of subscribers: coalesced update batches, and the run list when it
// changes (at most once per microtask, however many runs changed). A throwing subscriber must
// not starve the others.
import type { LiveRunSummary, RunUpdate } from '../../contract/runs';

/** Every run's batch of one frame interval (each run at most once). */
export type UpdatesListener = (updates: RunUpdate[]) => void;
export type RunsChangedListener = (runs: LiveRunSummary[]) => void;

export class RunListeners {
  private readonly updateListeners = new Set<UpdatesListener>();
  private readonly changeListeners = new Set<RunsChangedListener>();
  private changeQueued = false;

  /** `list` gives the run list as it is when the queued change is delivered. */
  constructor(private readonly list: () => LiveRunSummary[]) {}

  onUpdates(listener: UpdatesListener): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  onRunsChanged(listener: RunsChangedListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  deliverUpdates(updates: RunUpdate[]): void {
    callEach(this.updateListeners, updates);
  }

  /** The list changed: its subscribers hear of it once, after the current task's changes. */
  queueChange(): void {
    if (this.changeQueued || this.changeListeners.size === 0) return;
    this.changeQueued = true;
    queueMicrotask(() => {
      this.changeQueued = false;
      callEach(this.changeListeners, this.list());
    });
  }
}

function callEach<T>(listeners: Iterable<(value: T) => void>, value: T): void {
  for (const listener of listeners) {
    try {
      listener(value);
    } catch {
      // One broken subscriber must not starve the others.
    }
  }
}
