import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and integration tests run under plain Node; browser tests are Playwright's (test/e2e).
export default defineConfig({
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'test/security-scan/**/*.test.ts',
    ],
    environment: 'node',
    // The counts per OS, which `npm run test:windows` compares (scripts/windows-tests/counts.ts).
    reporters: ['default', 'json'],
    outputFile: { json: `out/test-reports/vitest-${process.platform}.json` },
    pool: 'forks',
    // Vitest's default leaves a core idle (cores − 1): one file at a time on CI's 2 cores, where
    // two side by side took the suite from 360 to 234 s (and under Wine from 706 to 527 s), since
    // much of it waits on sockets and child processes.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
