// How the run manager is set up, and what it needs of the usage module.
import type { ApiClient } from '../api/client';
import type { Clock } from '../clock';
import type { FollowOptions } from '../stream/follow';
import type { TranscriptStoreOptions } from './transcript-store';

/** What the manager needs from the usage module: refuse a run over quota before POST. */
export interface QuotaCheck {
  check(signal?: AbortSignal): Promise<unknown>;
  noteRunStarted?(): void;
}

export interface RunManagerOptions {
  api: Pick<ApiClient, 'config' | 'createRun' | 'getRun' | 'cancelRun'>;
  /** The user's data directory (transcripts go to `<dataDir>/runs/`). */
  dataDir: string;
  /** Coalescing interval for `onUpdates` batches, ms. Default 16 (one frame). */
  frameIntervalMs?: number;
  quota?: QuotaCheck;
  clock?: Clock;
  now?: () => Date;
  /** Passed to every follower (stall timeout, reconnect policy, jitter). */
  follow?: Pick<FollowOptions, 'stallTimeoutMs' | 'reconnect' | 'random' | 'finalGraceMs'>;
  /** How often buffered transcript lines are written, ms. Default 100. */
  transcriptFlushMs?: number;
  /** Finished runs kept in `list()` until dismissed; the oldest go first. Default 20. */
  keepFinished?: number;
  /** Largest transcript of one run, bytes (default 20 MB, core/limits.ts): past it, not followed. */
  maxRunBytes?: number;
  /** Told the bytes of every write to a transcript (the retention budget is checked by it). */
  onTranscriptWritten?: (bytes: number) => void;
}

/** The transcript store's options, from the manager's. */
export function transcriptStoreOptions(
  options: RunManagerOptions,
  clock: Clock,
  now: () => Date,
): TranscriptStoreOptions {
  return {
    dataDir: options.dataDir,
    clock,
    now,
    flushIntervalMs: options.transcriptFlushMs,
    maxRunBytes: options.maxRunBytes,
    onWritten: options.onTranscriptWritten,
  };
}
