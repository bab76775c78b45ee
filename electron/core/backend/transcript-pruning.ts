// Transcript retention while the app runs: after the interrupted runs are attached (so they count
// as followed), every few hours, and when the setting changes. One prune at a time; none once
// the backend is closed.
import type { Logger } from '../logs/logger';
import type { RunManager } from '../runs/manager';
import type { RetentionPolicy } from '../runs/retention';

/** How often transcript retention is applied while the app stays open. */
export const RETENTION_CHECK_MS = 6 * 60 * 60 * 1000;

export interface TranscriptPruning {
  /** Prunes after any prune in progress; resolves when done (it never rejects). */
  prune(): Promise<void>;
  /** The latest prune, for close() to wait on. */
  settled(): Promise<void>;
  /** Stops the periodic prune. */
  stop(): void;
}

export function createTranscriptPruning(options: {
  manager: Pick<RunManager, 'pruneTranscripts'>;
  policy: () => RetentionPolicy;
  closed: () => boolean;
  log: Logger;
}): TranscriptPruning {
  const { manager, log } = options;
  let pruning: Promise<void> = Promise.resolve();
  const prune = (): Promise<void> => {
    pruning = pruning.then(async () => {
      if (options.closed()) return;
      try {
        const result = await manager.pruneTranscripts(options.policy());
        if (result.removed.length > 0) {
          log.info('Pruned run transcripts', {
            count: result.removed.length,
            freedBytes: result.removedBytes,
            keptBytes: result.keptBytes,
          });
        }
      } catch (error) {
        log.error('Could not prune run transcripts', { error });
      }
    });
    return pruning;
  };
  const timer = setInterval(() => void prune(), RETENTION_CHECK_MS);
  timer.unref?.();
  return { prune, settled: () => pruning, stop: () => clearInterval(timer) };
}
