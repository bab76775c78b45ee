// `npm run test:desktop`: the desktop journeys, written once (test/desktop/journeys) and run by
// two projects, each launching only what it needs (fixtures.ts):
// - `double`: the real built main and preload under the Electron double, its windows pages of the
//   Chromium test/support/chromium.ts finds (Debian's here and in CI's Debian job); skipped,
//   saying what to install, where there is none;
// - `electron`: the real Electron binary through Playwright's _electron, and no browser; skipped,
//   saying why, where the binary is not installed (a failure instead where
//   ASSISTANT_REQUIRE_ELECTRON=1, as in the desktop workflow job).
// After the summary, coverage/report.ts prints the share of electron/main + electron/preload
// lines the double run executed. Needs `npm run build` first.
import { defineConfig } from '@playwright/test';
import { findChromium } from '../support/chromium';

/** The double's Chromium, or why there is none (its project then skips, saying so). */
export const doubleChromium = findChromium();

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
  // How the double's browser is launched (by fixtures.ts, for that project alone), and traces of
  // failed journeys.
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      ...('path' in doubleChromium ? { executablePath: doubleChromium.path } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'double' }, { name: 'electron' }],
});
