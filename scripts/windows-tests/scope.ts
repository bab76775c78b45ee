// What the Windows run leaves out, file by file, each with its reason: a gap of Wine 8 (what real
// Windows does differently is said) or a Windows defect not yet fixed (issue #33 stays open while
// one is listed). Everything else of the Vitest suites runs on Windows Node. docs/testing.md
// ("Windows under Wine") repeats this list for readers.
export interface Exclusion {
  /** A file, as Vitest's --exclude takes it. */
  file: string;
  kind: 'wine-gap' | 'windows-defect';
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
  ].map((file) => ({ file, kind: 'windows-defect' as const, why: STREAMS })),
  {
    file: 'test/integration/cli/runs.test.ts',
    kind: 'windows-defect',
    why: '`assistant runs start --follow` never ends under Wine (the same stream reader as above).',
  },
  {
    file: 'test/integration/security/plain-http.test.ts',
    kind: 'windows-defect',
    why:
      'Its control case (the local server reached through a mapped name) gets no answer on ' +
      'Windows Node under Wine: not yet sorted.',
  },
];

export function excludeArgs(exclusions: readonly Exclusion[] = EXCLUDED_ON_WINDOWS): string[] {
  return exclusions.flatMap(({ file }) => ['--exclude', file]);
}
