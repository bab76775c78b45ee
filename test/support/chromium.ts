// The Chromium every browser test drives (the e2e tests, the Electron double's windows, the
// packaged-app launch check's stand-in, the tour's screenshots, the renderer bench), found the
// same way everywhere, on any developer's machine and on each CI runner:
//   1. CHROMIUM_PATH, when set (a path that does not exist is an error, not a reason to look on);
//   2. Playwright's own build, when `npx playwright install chromium` downloaded it: the build
//      this Playwright version is made for (a system one may be older, or a snap wrapper);
//   3. a system Chromium or Chrome where each OS installs it (Debian's /usr/bin/chromium first).
// Nothing is downloaded here. When none is found, the message says what to install.

import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

export type ChromiumLookup = { path: string; source: string } | { missing: string };

export interface ChromiumSearch {
  env?: Env;
  platform?: NodeJS.Platform;
  exists?: (file: string) => boolean;
  /** Where Playwright keeps its own build (chromium.executablePath()), downloaded or not. */
  playwrightBuild?: () => string | undefined;
}

/**
 * Where a system Chromium or Chrome lives on each OS. CHROMIUM_SYSTEM_PATHS (a list separated
 * by the OS's path delimiter; empty: none) replaces this list, so a test can see the machine as
 * one without a system browser.
 */
export function systemChromiumPaths(env: Env, platform: NodeJS.Platform): string[] {
  const override = env.CHROMIUM_SYSTEM_PATHS;
  if (override !== undefined) {
    const delimiter = platform === 'win32' ? ';' : ':';
    return override.split(delimiter).filter((entry) => entry !== '');
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (root): root is string => root !== undefined && root !== '',
    );
    return roots.flatMap((root) => [
      path.win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      path.win32.join(root, 'Chromium', 'Application', 'chrome.exe'),
    ]);
  }
  if (platform === 'darwin') {
    return [
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ];
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ];
}

function playwrightBuild(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    // Playwright has no build for this OS or architecture.
    return undefined;
  }
}

/** What to install on this OS, for the message when no Chromium is found. */
export function installAdvice(platform: NodeJS.Platform): string {
  const system =
    platform === 'linux'
      ? 'Chromium from your distribution (Debian/Ubuntu: `sudo apt-get install chromium`)'
      : platform === 'darwin'
        ? 'Google Chrome, or Chromium (`brew install --cask chromium`)'
        : 'Google Chrome';
  return (
    `Install ${system}, or Playwright's own build with \`npx playwright install chromium\`, ` +
    'or set CHROMIUM_PATH to a Chromium or Chrome executable.'
  );
}

export function findChromium(search: ChromiumSearch = {}): ChromiumLookup {
  const env = search.env ?? process.env;
  const platform = search.platform ?? process.platform;
  const exists = search.exists ?? existsSync;

  const named = env.CHROMIUM_PATH;
  if (named !== undefined && named !== '') {
    return exists(named)
      ? { path: named, source: 'CHROMIUM_PATH' }
      : {
          missing: `CHROMIUM_PATH is set to ${named}, which does not exist. ${installAdvice(platform)}`,
        };
  }
  const own = (search.playwrightBuild ?? playwrightBuild)();
  if (own !== undefined && exists(own)) return { path: own, source: "Playwright's own build" };
  const system = systemChromiumPaths(env, platform);
  const found = system.find((candidate) => exists(candidate));
  if (found !== undefined) return { path: found, source: 'the system' };

  const looked = [
    'CHROMIUM_PATH (not set)',
    own === undefined ? undefined : `Playwright's own build (${own})`,
    ...system,
  ].filter((entry): entry is string => entry !== undefined);
  return {
    missing: `No Chromium for the browser tests: looked at ${looked.join(', ')}. ${installAdvice(platform)}`,
  };
}

/** The Chromium to launch, or an error saying what to install, thrown at once. */
export function requireChromium(search: ChromiumSearch = {}): string {
  const found = findChromium(search);
  if ('missing' in found) throw new Error(found.missing);
  return found.path;
}
