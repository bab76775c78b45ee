// Browser tests: a Chromium found by test/support/chromium.ts (CHROMIUM_PATH, Playwright's own
// build, or the system's: Debian's here) against browser mode with the embedded demo service,
// which each test file starts in-process through test/e2e/support/app.ts. Without a Chromium the
// run stops here, saying what to install.
import { defineConfig } from '@playwright/test';
import { requireChromium } from './test/support/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  // Builds out/renderer once when it is missing or older than src/.
  globalSetup: './test/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // A flaky test is a bug to fix, not to hide.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: requireChromium(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
