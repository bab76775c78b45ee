// The desktop journeys' configuration (`npm run test:desktop`) on a machine like a Windows or
// macOS runner: no Chromium anywhere the browser tests look, and an Electron binary. The binary
// here is a stub that says how it was started and exits, so the run proves how far each project
// gets: the double's project skips, saying what to install; the electron project starts no
// browser and fails on the stub itself, at Electron's launch, with the sandbox as the app ships
// it (Playwright adds --no-sandbox only when the journeys run as root). The real binary runs in
// the desktop workflow job. After `npm run build` (the journeys' global setup checks out/).

import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repoRoot } from './support/repo';

const JOURNEY = 'test/desktop/journeys/launch.spec.ts';
const STUB_SAYS = 'stub Electron started with:';

// What the JSON reporter says of each test, as far as this test reads it.
const Result = z.object({
  status: z.string(),
  errors: z.array(z.object({ message: z.string().optional() })),
});
const Test = z.object({
  projectName: z.string(),
  status: z.string(),
  annotations: z.array(z.object({ type: z.string(), description: z.string().optional() })),
  results: z.array(Result),
});
interface Suite {
  specs?: Array<{ tests: Array<z.infer<typeof Test>> }>;
  suites?: Suite[];
}
const SuiteSchema: z.ZodType<Suite> = z.lazy(() =>
  z.object({
    specs: z.array(z.object({ tests: z.array(Test) })).optional(),
    suites: z.array(SuiteSchema).optional(),
  }),
);
const Report = z.object({ suites: z.array(SuiteSchema), errors: z.array(z.unknown()) });

function testsOf(suites: Suite[]): Array<z.infer<typeof Test>> {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) => spec.tests),
    ...testsOf(suite.suites ?? []),
  ]);
}

let scratch: string;
let stub: string;

function runJourney(): Promise<{ stdout: string; stderr: string }> {
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // No Chromium where the browser tests look: none named, none of Playwright's, none on the
    // system paths (test/support/chromium.ts).
    CHROMIUM_PATH: '',
    CHROMIUM_SYSTEM_PATHS: '',
    PLAYWRIGHT_BROWSERS_PATH: path.join(scratch, 'no-playwright-browsers'),
    ELECTRON_OVERRIDE_DIST_PATH: path.join(scratch, 'dist'),
    // The stub needs no display; the project's check for one (Linux) must pass to reach it.
    DISPLAY: ':99',
    ASSISTANT_DESKTOP_COVERAGE: '0',
  };
  delete env.ASSISTANT_REQUIRE_ELECTRON;
  const args = [
    cli,
    'test',
    '-c',
    'test/desktop/playwright.config.ts',
    '--reporter=json',
    `--output=${path.join(scratch, 'results')}`,
    JOURNEY,
  ];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: repoRoot, env, maxBuffer: 16 * 1024 * 1024 },
      (_error, stdout, stderr) => resolve({ stdout, stderr }),
    );
  });
}

// Not on Windows: the stub is a shell script, which Windows cannot start as Electron's binary.
describe.skipIf(process.platform === 'win32')(
  'the desktop journeys with no Chromium and a stub for the Electron binary',
  () => {
    beforeAll(async () => {
      scratch = await mkdtemp(path.join(tmpdir(), 'assistant-desktop-projects-'));
      // Electron's own ELECTRON_OVERRIDE_DIST_PATH names the folder holding the binary.
      await mkdir(path.join(scratch, 'dist'));
      stub = path.join(scratch, 'dist', 'electron');
      await writeFile(stub, `#!/bin/sh\necho "${STUB_SAYS} $*" >&2\nexit 7\n`);
      await chmod(stub, 0o755);
      await mkdir(path.join(scratch, 'no-playwright-browsers'));
    });

    afterAll(async () => {
      if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
    });

    it('skip the double, saying what to install, and reach Electron’s launch without a browser', async () => {
      const run = await runJourney();
      const report = Report.parse(JSON.parse(run.stdout));
      expect(report.errors).toEqual([]);
      const tests = testsOf(report.suites);
      expect(tests.map((test) => test.projectName).sort()).toEqual(['double', 'electron']);

      const double = tests.find((test) => test.projectName === 'double');
      expect(double?.status).toBe('skipped');
      expect(double?.annotations).toContainEqual({
        type: 'skip',
        description: expect.stringMatching(
          /^the Electron double needs a Chromium: No Chromium for the browser tests: .* Install .*npx playwright install chromium/,
        ),
      });

      const electron = tests.find((test) => test.projectName === 'electron');
      // The call log is dimmed with terminal colour codes.
      const message = stripVTControlCharacters(
        (electron?.results[0]?.errors ?? []).map((error) => error.message ?? '').join('\n'),
      );
      expect(electron?.status).toBe('unexpected');
      // Failed on the stub, where Electron is started: not before, on a browser it never needs.
      expect(message).toContain('electron.launch: Process failed to launch!');
      expect(message).toContain(`<launching> ${stub} `);
      expect(message).toContain(STUB_SAYS);
      expect(message).not.toMatch(/browserType\.launch|Executable doesn't exist/);
      // Sandboxed as the app ships, except as root (where Chromium refuses its sandbox).
      const sandboxOff = message.includes(`<launching> ${stub} --no-sandbox `);
      expect(sandboxOff).toBe(process.getuid?.() === 0);
    }, 120_000);
  },
);
