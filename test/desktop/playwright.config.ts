// `npm run test:desktop`: the desktop journeys, written once (test/desktop/journeys) and run by
// two projects: `double`, the real built main and preload under the Electron double with
// Debian's Chromium (always, here and in CI), and `electron`, the real Electron binary through
// Playwright's _electron wherever it is installed (skipped, saying why, where it is not).
// After the summary, coverage/report.ts prints the share of electron/main + electron/preload
// lines the double run executed. Needs `npm run build` first.
import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Chromium for the double's windows: Debian's here; another system Chromium or Chrome elsewhere. */
export const chromiumPath = [
  process.env.ASSISTANT_CHROMIUM,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].find((path): path is string => path !== undefined && path !== '' && existsSync(path));

export default defineConfig({
  testDir: './journeys',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A journey may launch the app three times and sign in through a real page.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  outputDir: '../../test-results/desktop',
  globalSetup: './coverage/setup.ts',
  reporter: [['list'], ['./coverage/report.ts']],
  // The built bundles run exactly as built: not through the runner's TypeScript transform (which
  // would also move every coverage offset).
  build: { external: ['**/out/**'] },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      ...(chromiumPath === undefined ? {} : { executablePath: chromiumPath }),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'double' }, { name: 'electron' }],
});
