// The desktop journeys' fixtures: `launchApp` gives the driver of the project being run (the
// Electron double, or the real binary where it is installed) and ends every app it launched; the
// double project also records V8 coverage of the built main bundle (this worker's process) and
// of the preload (each page's JS coverage) for coverage/report.ts.

import { test as base, expect } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { resolve } from 'node:path';
import { displayMissing, findElectronBinary } from '../electron/support/electron-binary';
import { startDemoService, type DemoService } from '../../electron/demo-service';
import { launchWithDouble } from './driver/double';
import { launchWithElectron } from './driver/electron';
import type { DesktopApp, DriverKind, LaunchOptions } from './driver/types';
import { chromiumPath } from './playwright.config';

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

  // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
  driverKind: async ({}, use, testInfo) => {
    const kind = testInfo.project.name === 'electron' ? 'electron' : 'double';
    if (kind === 'double') {
      testInfo.skip(
        chromiumPath === undefined,
        'the Electron double needs a system Chromium (/usr/bin/chromium, or ASSISTANT_CHROMIUM)',
      );
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

  launchApp: async ({ driverKind, browser, coverage }, use) => {
    const launched: DesktopApp[] = [];
    const binary = findElectronBinary();
    await use(async (options = {}) => {
      const app =
        driverKind === 'electron' && 'path' in binary
          ? await launchWithElectron(binary.path, repo, options)
          : await launchWithDouble(
              browser,
              repo,
              options,
              coverage === undefined
                ? undefined
                : (entries, sourceUrl) => coverage.pageEntries.push({ sourceUrl, entries }),
            );
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
