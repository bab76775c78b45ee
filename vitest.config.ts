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
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
