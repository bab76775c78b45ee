// How much of the Linux suite the Windows run ran, from the JSON reports each Vitest run writes
// (vitest.config.ts): the Windows run must run at least 90 % as many tests as the Linux one, so a
// suite quietly skipped on Windows is noticed.
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

export const WINDOWS_SHARE_GOAL = 0.9;

const ReportSchema = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number(),
});
export type Counts = z.infer<typeof ReportSchema>;

export function readCounts(path: string): Counts | undefined {
  if (!existsSync(path)) return undefined;
  return ReportSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

const ran = (counts: Counts): number => counts.numPassedTests + counts.numFailedTests;

/** One line for the log, and whether the Windows run ran enough of the Linux suite. */
export function compareCounts(
  windows: Counts,
  linux: Counts | undefined,
): {
  line: string;
  enough: boolean;
} {
  const skipped = windows.numPendingTests + windows.numTodoTests;
  const own = `${windows.numPassedTests} passed, ${windows.numFailedTests} failed, ${skipped} skipped`;
  if (linux === undefined) {
    return { line: `Windows under Wine: ${own} (no Linux report to compare with)`, enough: true };
  }
  const share = ran(linux) === 0 ? 1 : ran(windows) / ran(linux);
  const percent = (share * 100).toFixed(1);
  return {
    line:
      `Windows under Wine: ${own}; it ran ${ran(windows)} tests, ${percent} % of the ` +
      `${ran(linux)} the Linux run ran (goal ≥ ${WINDOWS_SHARE_GOAL * 100} %)`,
    enough: share >= WINDOWS_SHARE_GOAL,
  };
}
