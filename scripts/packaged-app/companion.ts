// `--expect-companion`: the installed app registers the browser companion after its first window
// (electron/main/companion-registration.ts). On the OS it was built for, with the launch check's
// own companion folder (ASSISTANT_COMPANION_DIR), this waits for the launch file naming the
// launched executable with --background, checks the relay electron-builder shipped is there and
// executable, and on Windows that the manifest in that folder names it and that Chrome's HKCU key
// (set through reg.exe) names the manifest. The release workflow runs it on every OS.

import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';

const NATIVE_HOST_NAME = 'com.assistant.desktop.companion';
const HostManifest = z.object({ name: z.literal(NATIVE_HOST_NAME), path: z.string() });

/** Where electron-builder's extraResources land beside the executable. */
export function resourcesDirOf(executable: string, platform: NodeJS.Platform): string {
  return platform === 'darwin'
    ? path.join(path.dirname(executable), '..', 'Resources')
    : path.join(path.dirname(executable), 'resources');
}

async function samePath(a: string, b: string): Promise<boolean> {
  if (path.resolve(a) === path.resolve(b)) return true;
  const [left, right] = await Promise.all([realpath(a), realpath(b)]).catch(() => ['', '?']);
  return left === right;
}

async function waitForFile(file: string, timeoutMs: number): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined || Date.now() > deadline) return text;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What was found, line by line for the report; throws an Error saying what is wrong. */
export async function checkCompanionRegistration(
  companionDir: string,
  executable: string,
  platform: NodeJS.Platform,
  timeoutMs: number,
): Promise<string[]> {
  const launchFile = path.join(companionDir, 'launch');
  const launch = await waitForFile(launchFile, timeoutMs);
  if (launch === undefined) {
    throw new Error(`The app wrote no launch file at ${launchFile} within ${timeoutMs / 1000} s.`);
  }
  const [program = '', flag] = launch.split(/\r?\n/);
  if (!(await samePath(program, executable)) || flag !== '--background') {
    throw new Error(
      `The launch file says ${JSON.stringify(launch)}, not ${executable} --background.`,
    );
  }
  const relay = path.join(
    resourcesDirOf(executable, platform),
    'relay',
    platform === 'win32' ? 'assistant-relay.exe' : 'assistant-relay',
  );
  if (!existsSync(relay)) throw new Error(`The relay is not shipped: no ${relay}.`);
  if (platform !== 'win32') accessSync(relay, constants.X_OK);
  const found = [`launch file ${launchFile}`, `relay ${relay}`];
  if (platform !== 'win32') return found;

  const manifestPath = path.join(companionDir, `${NATIVE_HOST_NAME}.json`);
  const manifest = HostManifest.parse(JSON.parse(await readFile(manifestPath, 'utf8')));
  if (!(await samePath(manifest.path, relay))) {
    throw new Error(`The host manifest names ${manifest.path}, not the shipped relay ${relay}.`);
  }
  const key = `HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\${NATIVE_HOST_NAME}`;
  const { stdout } = await promisify(execFile)('reg', ['query', key, '/ve']);
  if (!stdout.includes(manifestPath)) {
    throw new Error(`${key} does not name ${manifestPath}: ${stdout.trim()}`);
  }
  return [...found, `manifest ${manifestPath}`, `registry ${key}`];
}
