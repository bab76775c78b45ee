// `--expect-companion`: the installed app registers the browser companion after its first window
// (electron/main/companion-registration.ts). On the OS it was built for, with the launch check's
// own companion folder (ASSISTANT_COMPANION_DIR), this waits until registration is whole: the
// launch file naming the launched executable with --background, the relay electron-builder
// shipped there and executable, and on Windows the manifest in that folder naming it and every
// browser's HKCU key (set through the relay) naming the manifest, read back with reg.exe, and
// Firefox's own manifest beside it (`allowed_extensions`) with Mozilla's key naming that. The
// release workflow runs it on every OS.

import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';

const NATIVE_HOST_NAME = 'com.assistant.desktop.companion';
const HostManifest = z.object({ name: z.literal(NATIVE_HOST_NAME), path: z.string() });
const FirefoxHostManifest = HostManifest.extend({
  allowed_extensions: z.array(z.string()).min(1),
});
/** Firefox's manifest and key on Windows (electron/companion/registration/manifests.ts). */
const FIREFOX_MANIFEST_FILE = `${NATIVE_HOST_NAME}.firefox.json`;
const FIREFOX_KEY = `HKCU\\Software\\Mozilla\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`;

/**
 * Where electron-builder's extraResources land beside the executable, by the platform's own path
 * rules (not this computer's: the Windows run found a deb's path joined with backslashes).
 */
export function resourcesDirOf(executable: string, platform: NodeJS.Platform): string {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  return platform === 'darwin'
    ? paths.join(paths.dirname(executable), '..', 'Resources')
    : paths.join(paths.dirname(executable), 'resources');
}

async function samePath(a: string, b: string): Promise<boolean> {
  if (path.resolve(a) === path.resolve(b)) return true;
  const [left, right] = await Promise.all([realpath(a), realpath(b)]).catch(() => ['', '?']);
  return left === right;
}

/** One look at the registration: everything found, or the first thing still missing or wrong. */
export type Look = { done: true; found: string[] } | { done: false; missing: string };

/** The wait's clock, a parameter so a test can run it without waiting. */
export interface WaitClock {
  now(): number;
  pause(): Promise<void>;
}

const realClock: WaitClock = {
  now: () => Date.now(),
  pause: () => new Promise((resolve) => setTimeout(resolve, 250)),
};

/**
 * Looks until one look finds the whole registration, or the deadline passes; then throws with
 * what the last look was missing. The app writes the launch file first, then the manifest, then
 * each browser's key, so seeing the first is no sign the last is there.
 */
export async function waitForRegistration(
  look: () => Promise<Look>,
  timeoutMs: number,
  clock: WaitClock = realClock,
): Promise<string[]> {
  const deadline = clock.now() + timeoutMs;
  for (;;) {
    const result = await look();
    if (result.done) return result.found;
    if (clock.now() > deadline) {
      throw new Error(`${result.missing} (after ${timeoutMs / 1000} s)`);
    }
    await clock.pause();
  }
}

/** Each browser's key, as the app registers them (set through the relay's --registry). */
const REGISTRY_KEYS = [
  'Software\\Google\\Chrome',
  'Software\\Chromium',
  'Software\\Microsoft\\Edge',
  'Software\\BraveSoftware\\Brave-Browser',
].map((browser) => `HKCU\\${browser}\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`);

/** reg.exe's view of a key's default value, read independently of the app's own code. */
async function registryNames(key: string, manifestPath: string): Promise<boolean> {
  const output = await promisify(execFile)('reg', ['query', key, '/ve']).then(
    ({ stdout }) => stdout,
    () => '',
  );
  return output.includes(manifestPath);
}

/** Windows: Firefox's manifest naming the shipped relay, and Mozilla's key naming the manifest. */
async function lookAtFirefox(companionDir: string, relay: string): Promise<Look> {
  const manifestPath = path.join(companionDir, FIREFOX_MANIFEST_FILE);
  const text = await readFile(manifestPath, 'utf8').catch(() => undefined);
  if (text === undefined)
    return { done: false, missing: `The app wrote no Firefox manifest at ${manifestPath}.` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const manifest = FirefoxHostManifest.safeParse(parsed);
  if (!manifest.success || !(await samePath(manifest.data.path, relay))) {
    return {
      done: false,
      missing: `${manifestPath} is not Firefox's manifest of ${relay}: ${text}`,
    };
  }
  if (!(await registryNames(FIREFOX_KEY, manifestPath))) {
    return { done: false, missing: `${FIREFOX_KEY} does not name ${manifestPath}.` };
  }
  return { done: true, found: [`manifest ${manifestPath}`, `registry ${FIREFOX_KEY}`] };
}

/** One look at the launch file, the relay, and on Windows the manifests and every key. */
async function lookOnce(
  companionDir: string,
  executable: string,
  platform: NodeJS.Platform,
): Promise<Look> {
  const launchFile = path.join(companionDir, 'launch');
  const launch = await readFile(launchFile, 'utf8').catch(() => undefined);
  if (launch === undefined)
    return { done: false, missing: `The app wrote no launch file at ${launchFile}.` };
  const [program = '', flag] = launch.split(/\r?\n/);
  if (!(await samePath(program, executable)) || flag !== '--background') {
    return {
      done: false,
      missing: `The launch file says ${JSON.stringify(launch)}, not ${executable} --background.`,
    };
  }
  const relay = path.join(
    resourcesDirOf(executable, platform),
    'relay',
    platform === 'win32' ? 'assistant-relay.exe' : 'assistant-relay',
  );
  if (!existsSync(relay)) return { done: false, missing: `The relay is not shipped: no ${relay}.` };
  if (platform !== 'win32') {
    try {
      accessSync(relay, constants.X_OK);
    } catch {
      return { done: false, missing: `The relay ${relay} is not executable.` };
    }
  }
  const found = [`launch file ${launchFile}`, `relay ${relay}`];
  if (platform !== 'win32') return { done: true, found };

  const manifestPath = path.join(companionDir, `${NATIVE_HOST_NAME}.json`);
  const text = await readFile(manifestPath, 'utf8').catch(() => undefined);
  if (text === undefined)
    return { done: false, missing: `The app wrote no manifest at ${manifestPath}.` };
  let manifest;
  try {
    manifest = HostManifest.parse(JSON.parse(text));
  } catch {
    return { done: false, missing: `The manifest ${manifestPath} is not a host manifest: ${text}` };
  }
  if (!(await samePath(manifest.path, relay))) {
    return {
      done: false,
      missing: `The host manifest names ${manifest.path}, not the shipped relay ${relay}.`,
    };
  }
  for (const key of REGISTRY_KEYS) {
    if (!(await registryNames(key, manifestPath))) {
      return { done: false, missing: `${key} does not name ${manifestPath}.` };
    }
  }
  const firefox = await lookAtFirefox(companionDir, relay);
  if (!firefox.done) return firefox;
  return {
    done: true,
    found: [
      ...found,
      `manifest ${manifestPath}`,
      ...REGISTRY_KEYS.map((key) => `registry ${key}`),
      ...firefox.found,
    ],
  };
}

/** What was found, line by line for the report; throws an Error saying what is wrong. */
export async function checkCompanionRegistration(
  companionDir: string,
  executable: string,
  platform: NodeJS.Platform,
  timeoutMs: number,
  clock?: WaitClock,
): Promise<string[]> {
  return waitForRegistration(() => lookOnce(companionDir, executable, platform), timeoutMs, clock);
}
