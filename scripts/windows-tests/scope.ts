// What the Windows run leaves out, file by file, each with its reason: failures under Wine not yet
// sorted between Wine and a Windows defect (issue #33 stays open while one is listed). Everything
// else of the Vitest suites runs on Windows Node; the known Wine gaps are skipped test by test
// (test/support/wine.ts). docs/testing.md ("Windows under Wine") repeats this list for readers.
export interface Exclusion {
  /** A file, as Vitest's --exclude takes it. */
  file: string;
  why: string;
}

const STREAMS =
  'Run streams followed by core end without their text under Wine (the manager: an empty ' +
  'transcript; run-bound: stream_gave_up instead of answer_too_long; soak and retention: runs ' +
  'that never end), while a re-attached follow passes: not yet sorted between Wine and a ' +
  'Windows defect in the stream reader.';

export const EXCLUDED_ON_WINDOWS: readonly Exclusion[] = [
  ...[
    'test/integration/core/runs/manager.test.ts',
    'test/integration/core/runs/snapshot.test.ts',
    'test/integration/core/runs/run-bound.test.ts',
    'test/integration/core/runs/soak.test.ts',
    'test/integration/core/runs/retention.test.ts',
    'test/integration/core/backend-close-notifications.test.ts',
    'test/integration/web/backend.test.ts',
    'test/integration/web/notifications.test.ts',
  ].map((file) => ({ file, why: STREAMS })),
  {
    file: 'test/integration/cli/runs.test.ts',
    why: '`assistant runs start --follow` never ends under Wine (the same stream reader as above).',
  },
  {
    file: 'test/integration/security/plain-http.test.ts',
    why:
      'Its control case (the local server reached through a mapped name) gets no answer on ' +
      'Windows Node under Wine: not yet sorted.',
  },
];

export function excludeArgs(): string[] {
  return EXCLUDED_ON_WINDOWS.flatMap(({ file }) => ['--exclude', file]);
}
