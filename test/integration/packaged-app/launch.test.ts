// `npm run launch-packaged`, the release workflow's launch check, run here. The packaged Electron
// app cannot run here, so a Chromium (test/support/chromium.ts: Debian's here, Playwright's own
// build on the release runners) stands in for its executable: the check starts it with
// the same switches, reads the DevTools endpoint from its stderr, attaches over the DevTools
// protocol, checks the first window and stops it, exactly as it does with the packaged app. The
// pages it opens play the renderer: as the packaged app shows it, and in the ways it can go wrong.
// What only the real packaged app shows (the app protocol, the preload, the demo service's
// briefing) is proven by release.yml on each OS.

import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { underWine } from '../../support/wine';
import { runLaunchCheck } from '../../../scripts/packaged-app/cli';
import { checkBridge, waitForBriefing } from '../../../scripts/packaged-app/launch';
import { packagedExecutable } from '../../../scripts/packaged-app/locate';
import { requireChromium } from '../../support/chromium';
import { npmCommand } from '../../support/npm';
import { startTestServer, type TestServer } from '../../support/test-server';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TIMEOUT = 120_000;

const BRIDGE = 'window.assistant = Object.freeze({ invoke() {}, on() {} });';
const BRIEFING = '<h1>Morning briefing</h1><p>Good morning, Dana. Three meetings today.</p>';

/** The renderer's first window, as the checks expect it and in the ways it can be wrong. */
const PAGES: Record<string, { head: string; body: string }> = {
  // The preload's bridge, then the briefing painted a moment later, as the demo service answers.
  '/ok': {
    head: BRIDGE,
    body: `<main id="root">Loading…</main><script>setTimeout(() => {
      document.getElementById('root').innerHTML = ${JSON.stringify(BRIEFING)};
    }, 300);</script>`,
  },
  '/no-bridge': { head: '', body: BRIEFING },
  '/wide-bridge': {
    head: 'window.assistant = { invoke() {}, on() {}, send() {} };',
    body: BRIEFING,
  },
  '/node-in-page': {
    head: `${BRIDGE} window.require = () => {}; window.process = {};`,
    body: BRIEFING,
  },
  '/not-functions': { head: 'window.assistant = { invoke: 1, on: "x" };', body: BRIEFING },
  '/stuck': { head: BRIDGE, body: '<main>Could not reach the service.</main>' },
};

interface Printed {
  code: number;
  out: string;
  err: string;
}

async function check(argv: string[]): Promise<Printed> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runLaunchCheck(argv, {
    log: (line) => out.push(line),
    error: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let server: TestServer;
let scratch: string;
/** The stand-in; a machine without one fails these tests at once, saying what to install. */
let chromiumPath: string;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const page = PAGES[req.url ?? ''];
    if (page === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Assistant</title><script>${page.head}</script></head>` +
        `<body>${page.body}</body></html>`,
    );
  });
  scratch = await mkdtemp(path.join(tmpdir(), 'assistant-launch-test-'));
});

function standInChromium(): void {
  beforeAll(() => {
    chromiumPath = requireChromium();
  });
}

afterAll(async () => {
  await server?.stop();
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

/** The stand-in app: Chromium, headless, with a profile of its own, opening `page`. */
function standIn(page: string, options: string[] = []): string[] {
  return [
    '--executable',
    chromiumPath,
    '--expect-origin',
    server.origin,
    ...options,
    '--',
    '--headless=new',
    `--user-data-dir=${path.join(scratch, `profile${page.replace(/\W/g, '-')}`)}`,
    '--no-first-run',
    '--no-default-browser-check',
    `${server.origin}${page}`,
  ];
}

// Under Wine there is no Windows Chromium to stand in (no registry here has one); the release's
// Windows leg runs these with Playwright's.
describe.skipIf(underWine)('the launch check, with Chromium standing in', () => {
  standInChromium();

  it(
    'passes a first window with the bridge and the briefing, says so, and leaves a screenshot',
    async () => {
      const screenshot = path.join(scratch, 'first-window.png');
      const run = await check(standIn('/ok', ['--screenshot', screenshot]));
      expect(run.code, run.err).toBe(0);
      expect(run.out).toContain(`✓ The packaged app launched: ${chromiumPath}`);
      expect(run.out).toContain(`first window ${server.origin}/ok after`);
      expect(run.out).toContain('window.assistant is exactly { invoke, on }');
      expect(run.out).toMatch(/today's briefing painted after \d+\.\d s/);
      expect(readFileSync(screenshot).subarray(1, 4).toString('latin1')).toBe('PNG');
    },
    TIMEOUT,
  );

  it(
    'fails when no window opens on the app’s origin, naming what opened instead',
    async () => {
      const args = standIn('/ok', ['--timeout', '4']);
      args.splice(args.indexOf('--expect-origin') + 1, 1, 'app://assistant');
      const run = await check(args);
      expect(run.code).toBe(1);
      expect(run.err).toContain(
        `✗ The packaged app failed its launch check: No window opened on app://assistant within 4 s; the app showed only: ${server.origin}/ok`,
      );
      // With the app's own last words, to see why.
      expect(run.err).toContain('  The app printed last:\n  | ');
      expect(run.err).toContain('DevTools listening on ws://127.0.0.1:');
    },
    TIMEOUT,
  );
});

describe.skipIf(underWine)('the first window’s checks', () => {
  standInChromium();

  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath });
  }, TIMEOUT);
  afterAll(async () => {
    await browser?.close();
  });

  async function failureOf(pathname: string, run: 'bridge' | 'briefing'): Promise<string> {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.origin}${pathname}`);
      await (run === 'bridge' ? checkBridge(page) : waitForBriefing(page, 1000));
      return '(passed)';
    } catch (error) {
      return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    } finally {
      await page.close();
    }
  }

  it(
    'passes exactly { invoke, on } with no Node, and a painted briefing',
    async () => {
      expect(await failureOf('/wide-bridge', 'briefing')).toBe('(passed)');
      const page = await browser.newPage();
      await page.goto(`${server.origin}/ok`);
      await expect(checkBridge(page)).resolves.toBeUndefined();
      await expect(waitForBriefing(page, 10_000)).resolves.toBeUndefined();
      await page.close();
    },
    TIMEOUT,
  );

  it(
    'refuses a missing bridge, a wider one, one without functions, and Node in the page',
    async () => {
      expect(await failureOf('/no-bridge', 'bridge')).toBe(
        "LaunchFailure: The first window's bridge is wrong: window.assistant is missing: the preload did not run or exposed nothing.",
      );
      expect(await failureOf('/wide-bridge', 'bridge')).toBe(
        "LaunchFailure: The first window's bridge is wrong: window.assistant has { invoke, on, send }, expected exactly { invoke, on }.",
      );
      expect(await failureOf('/not-functions', 'bridge')).toBe(
        "LaunchFailure: The first window's bridge is wrong: window.assistant.invoke is a number and .on a string, not functions.",
      );
      expect(await failureOf('/node-in-page', 'bridge')).toBe(
        "LaunchFailure: The first window's bridge is wrong: the page sees require (a function); the page sees process (a object).",
      );
    },
    TIMEOUT,
  );

  it(
    'refuses a window that never paints the briefing, quoting what it shows',
    async () => {
      expect(await failureOf('/stuck', 'briefing')).toMatch(
        /^LaunchFailure: The first window did not show today's briefing \("Morning briefing" and a greeting\) within 1 s\. It shows: "Could not reach the service\."\. \(.*Timeout 1000ms exceeded/,
      );
    },
    TIMEOUT,
  );
});

describe.skipIf(process.platform === 'win32')('the launch check, with nothing to launch', () => {
  it(
    'fails when the app exits at once, with its exit code and last output',
    async () => {
      const app = path.join(scratch, 'crashing-app');
      await writeFile(app, '#!/bin/sh\necho "FATAL: the main process threw" >&2\nexit 3\n');
      await chmod(app, 0o755);
      const run = await check(['--executable', app]);
      expect(run.code).toBe(1);
      expect(run.err).toBe(
        [
          '✗ The packaged app failed its launch check: The app exited with code 3 before it opened its DevTools endpoint: it did not start.',
          '  The app printed last:',
          '  | FATAL: the main process threw',
        ].join('\n'),
      );
    },
    TIMEOUT,
  );

  it('fails when electron-builder left nothing where the app should be, listing what is there', async () => {
    const release = await mkdtemp(path.join(tmpdir(), 'assistant-release-'));
    try {
      const empty = await check(['--release', release, '--arch', 'x64']);
      expect(empty.code).toBe(1);
      const expected = packagedExecutable(release, process.platform, 'x64');
      expect(empty.err).toBe(
        `✗ The packaged app failed its launch check: The packaged app is not where electron-builder leaves it: ${expected} does not exist. ${release} holds: nothing.`,
      );
      const none = await check(['--release', path.join(release, 'gone')]);
      expect(none.err).toContain(
        `The release folder ${path.join(release, 'gone')} does not exist: run electron-builder first (npm run dist).`,
      );
    } finally {
      await rm(release, { recursive: true, force: true });
    }
  });
});

// Under Wine 8 a command of node_modules/.bin that npm starts through cmd.exe and its .cmd shim
// prints nothing and exits 0: npm's shim runs the program after `goto #_undefined_# 2>NUL ||`,
// which Windows' cmd.exe passes (the failed goto runs what follows `||`) and Wine's ends the line
// at (a three-line .cmd shows it). These run on Linux, macOS and the Windows runners.
describe.skipIf(underWine)('npm run launch-packaged', () => {
  it(
    'is the command release.yml runs: a wrong command line exits 2 with the usage',
    async () => {
      const npm = npmCommand(['run', '--silent', 'launch-packaged', '--', '--timeout', 'soon']);
      const run = await new Promise<{ code: number | undefined; stderr: string }>((resolve) => {
        execFile(npm.file, npm.args, { cwd: ROOT, timeout: TIMEOUT }, (error, _stdout, stderr) => {
          resolve({ code: error === null ? 0 : (error.code as number | undefined), stderr });
        });
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        '--timeout must be a number of seconds from 1 to 3600, not "soon".',
      );
    },
    TIMEOUT,
  );
});
