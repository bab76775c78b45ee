// The desktop journeys' fixtures: `launchApp` gives the driver of the project being run (the
// Electron double, or the real binary where it is installed) and ends every app it launched.
// Each project launches only what it needs: the double's Chromium is started for the double
// project alone (never Playwright's `browser` fixture, which every project would start), so the
// electron project runs where no browser is installed. The double project also records V8
// coverage of the built main bundle (this worker's process) and of the preload (each page's JS
// coverage) for coverage/report.ts.

import { test as base, expect, type Browser } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { resolve } from 'node:path';
import { displayMissing, findElectronBinary } from './driver/electron-binary';
import { startDemoService, type DemoService } from '../../electron/demo-service';
import { launchWithDouble } from './driver/double';
import { launchWithElectron } from './driver/electron';
import type { DesktopApp, DriverKind, LaunchOptions } from './driver/types';
import { doubleChromium } from './playwright.config';

export const repo = resolve(import.meta.dirname, '../..');
export const COVERAGE_DIR = resolve(repo, 'test-results', 'desktop-coverage');

/** Why the real-Electron project cannot run here, or undefined when it can. */
export function realElectronSkipReason(): string | undefined {
  const binary = findElectronBinary();
  if ('missing' in binary) return binary.missing;
  return displayMissing();
}

interface WorkerFixtures {
  coverage: { pageEntries: Array<{ sourceUrl: string; entries: unknown[] }> } | undefined;
  /** The Chromium whose pages are the double's windows; undefined in the electron project. */
  doubleBrowser: Browser | undefined;
}
interface TestFixtures {
  driverKind: DriverKind;
  /** A demo service this test controls (pacing, run length, run records), on loopback. */
  demo: DemoService;
  launchApp: (options?: LaunchOptions) => Promise<DesktopApp>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  coverage: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
    async ({}, use, workerInfo) => {
      if (workerInfo.project.name !== 'double' || process.env.ASSISTANT_DESKTOP_COVERAGE === '0') {
        await use(undefined);
        return;
      }
      // Precise block coverage from before the first launch imports the bundle.
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
      const collected = { pageEntries: [] as Array<{ sourceUrl: string; entries: unknown[] }> };
      await use(collected);
      const { result } = await session.post('Profiler.takePreciseCoverage');
      await session.post('Profiler.stopPreciseCoverage');
      session.disconnect();
      mkdirSync(COVERAGE_DIR, { recursive: true });
      const main = result.filter((script) => script.url.includes('/out/main/index.js'));
      writeFileSync(
        resolve(COVERAGE_DIR, `worker-${process.pid}-${workerInfo.workerIndex}.json`),
        JSON.stringify({ main, preload: collected.pageEntries }),
      );
    },
    { scope: 'worker', auto: true },
  ],

  doubleBrowser: [
    async ({ playwright, launchOptions, headless }, use, workerInfo) => {
      if (workerInfo.project.name !== 'double' || 'missing' in doubleChromium) {
        await use(undefined);
        return;
      }
      const browser = await playwright.chromium.launch({ ...launchOptions, headless });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
  driverKind: async ({}, use, testInfo) => {
    const kind = testInfo.project.name === 'electron' ? 'electron' : 'double';
    if (kind === 'double' && 'missing' in doubleChromium) {
      testInfo.skip(true, `the Electron double needs a Chromium: ${doubleChromium.missing}`);
    }
    if (kind === 'electron') {
      const reason = realElectronSkipReason();
      // The real-Electron CI jobs exist to prove the binary: there, a missing one is a failure,
      // not a skip that would leave the job green having proven nothing.
      if (reason !== undefined && process.env.ASSISTANT_REQUIRE_ELECTRON === '1') {
        throw new Error(
          `ASSISTANT_REQUIRE_ELECTRON is set, but real Electron cannot run: ${reason}`,
        );
      }
      testInfo.skip(reason !== undefined, `real Electron: ${reason ?? ''}`);
    }
    await use(kind);
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
  demo: async ({}, use) => {
    // The public password the journeys sign in with (left out, the service picks a random one).
    const demo = await startDemoService({ pacing: 'realtime', password: 'demo' });
    await use(demo);
    await demo.stop();
  },

  launchApp: async ({ driverKind, doubleBrowser, coverage }, use) => {
    const launched: DesktopApp[] = [];
    const binary = findElectronBinary();
    // Unreachable throws: driverKind skips each project when what it launches is missing.
    const launch = (options: LaunchOptions): Promise<DesktopApp> => {
      if (driverKind === 'electron') {
        if ('missing' in binary) throw new Error(binary.missing);
        return launchWithElectron(binary.path, repo, options);
      }
      if (doubleBrowser === undefined) throw new Error('the double has no Chromium');
      return launchWithDouble(
        doubleBrowser,
        repo,
        options,
        coverage === undefined
          ? undefined
          : (entries, sourceUrl) => coverage.pageEntries.push({ sourceUrl, entries }),
      );
    };
    await use(async (options = {}) => {
      const app = await launch(options);
      launched.push(app);
      return app;
    });
    const failures: unknown[] = [];
    for (const app of launched.reverse()) {
      await app.close().catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw failures[0];
  },
});

export { expect };
