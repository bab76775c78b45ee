// The transcripts' size budget is checked as they are written, not only at start and every few
// hours: once they have grown by a tenth of the budget (at most 10 MB) since the last check.
import { describe, expect, it } from 'vitest';
import {
  createTranscriptPruning,
  writtenBetweenChecks,
} from '../../../../electron/core/backend/transcript-pruning';
import { createSilentLogger } from '../../../../electron/core/logs/logger';
import type { RetentionPolicy } from '../../../../electron/core/runs/retention';

const MB = 1024 * 1024;

function pruningWith(policy: RetentionPolicy) {
  const asked: RetentionPolicy[] = [];
  const pruning = createTranscriptPruning({
    manager: {
      pruneTranscripts: (given) => {
        asked.push(given);
        return Promise.resolve({ removed: [], removedBytes: 0, keptBytes: 0, keptCount: 0 });
      },
    },
    policy: () => policy,
    closed: () => false,
    log: createSilentLogger(),
  });
  return { pruning, asked };
}

describe('the transcript budget as transcripts are written', () => {
  it('is checked each time they grew by a tenth of it, counting from the last check', async () => {
    const { pruning, asked } = pruningWith({ maxAgeDays: 30, maxTotalMB: 10 });
    try {
      pruning.noteWritten(0.6 * MB);
      await pruning.settled();
      expect(asked).toHaveLength(0);
      pruning.noteWritten(0.4 * MB);
      await pruning.settled();
      expect(asked).toEqual([{ maxAgeDays: 30, maxTotalMB: 10 }]);
      // A check for any other reason starts the count again.
      pruning.noteWritten(0.9 * MB);
      await pruning.prune();
      pruning.noteWritten(0.9 * MB);
      await pruning.settled();
      expect(asked).toHaveLength(2);
      pruning.noteWritten(0.1 * MB);
      await pruning.settled();
      expect(asked).toHaveLength(3);
    } finally {
      pruning.stop();
    }
  });

  it('never lets a large budget go more than 10 MB between checks', () => {
    expect(writtenBetweenChecks({ maxAgeDays: 30, maxTotalMB: 10 })).toBe(1 * MB);
    expect(writtenBetweenChecks({ maxAgeDays: 30, maxTotalMB: 50 })).toBe(5 * MB);
    expect(writtenBetweenChecks({ maxAgeDays: 30, maxTotalMB: 500 })).toBe(10 * MB);
    expect(writtenBetweenChecks({ maxAgeDays: 30, maxTotalMB: 1_000_000 })).toBe(10 * MB);
  });
});
