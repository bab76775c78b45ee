// The browser companion's walk: Debian's Chromium (test/support/chromium.ts) with the built
// extension loaded, the relay as its native host, the companion host in front of the demo
// service, and fake CRM pages under the CRMs' real host names. Each file launches its own
// browser (a persistent profile: extensions load only there) and its own app side.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: '../../test-results/extension',
});
