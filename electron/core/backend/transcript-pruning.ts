// Transcript retention while the app runs: after the interrupted runs are attached (so they count
// as followed), every few hours, when the setting changes, and as transcripts are written: each
// time they have grown by a tenth of the size budget (at most 10 MB), so a stream that pours in
// never takes them far past it. One prune at a time; none once the backend is closed.
import type { Logger } from '../logs/logger';
import type { RunManager } from '../runs/manager';
import type { RetentionPolicy } from '../runs/retention';

/** How often transcript retention is applied while the app stays open. */
export const RETENTION_CHECK_MS = 6 * 60 * 60 * 1000;

const MEGABYTE = 1024 * 1024;
/** The most transcripts may grow between two checks of their size budget. */
export const MAX_WRITTEN_BETWEEN_CHECKS = 10 * MEGABYTE;

/** How much may be written before the budget is checked again: a tenth of it, at most 10 MB. */
export function writtenBetweenChecks(policy: RetentionPolicy): number {
  return Math.min(MAX_WRITTEN_BETWEEN_CHECKS, (policy.maxTotalMB * MEGABYTE) / 10);
}

export interface TranscriptPruning {
  /** Prunes after any prune in progress; resolves when done (it never rejects). */
  prune(): Promise<void>;
  /** The latest prune, for close() to wait on. */
  settled(): Promise<void>;
  /** Stops the periodic prune. */
  stop(): void;
  /** Transcripts grew by `bytes`: prunes once they have grown enough since the last check. */
  noteWritten(bytes: number): void;
}

export function createTranscriptPruning(options: {
  manager: Pick<RunManager, 'pruneTranscripts'>;
  policy: () => RetentionPolicy;
  closed: () => boolean;
  log: Logger;
}): TranscriptPruning {
  const { manager, log } = options;
  let pruning: Promise<void> = Promise.resolve();
  /** Bytes written since the last prune was asked for. */
  let written = 0;
  const prune = (): Promise<void> => {
    written = 0;
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
  const noteWritten = (bytes: number): void => {
    written += bytes;
    if (written >= writtenBetweenChecks(options.policy())) void prune();
  };
  return { prune, settled: () => pruning, stop: () => clearInterval(timer), noteWritten };
}
