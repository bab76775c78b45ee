// The browser companion's registration, the Electron way: at every start of the installed app
// (an update moves the executable and the relay), after the window is up, the launch file and the
// host manifests (electron/core/companion/registration.ts); and `--unregister-companion`, which
// removes them for an uninstaller. A development run registers only when asked
// (ASSISTANT_COMPANION_REGISTER=1), so `npm run dev` and the tests never touch the real user's
// browser profiles. Registration never stops or fails the start: what goes wrong is logged.

import { app } from 'electron';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import {
  applyRegistration,
  BACKGROUND_FLAG,
  COMPANION_SWITCH_ENV,
  currentPlaceInputs,
  registrationPlan,
  REGISTER_SWITCH_ENV,
  removeRegistration,
  type PlaceInputs,
  type RegRunner,
} from '../core/companion';
import type { Logger } from '../core/logs/logger';

const RELAY_NAME = process.platform === 'win32' ? 'assistant-relay.exe' : 'assistant-relay';

/** reg.exe by its full path, arguments as they are: no shell, nothing to quote. */
const runReg: RegRunner = (args) =>
  new Promise((resolve, reject) => {
    const systemRoot = process.env.SystemRoot ?? 'C:\\Windows';
    execFile(
      join(systemRoot, 'System32', 'reg.exe'),
      [...args],
      { windowsHide: true, timeout: 10_000 },
      (error, stdout) => (error === null ? resolve(stdout) : reject(error)),
    );
  });

/** Packaged: beside app.asar (electron-builder's extraResources); in development: cargo's output. */
function relayPath(): string {
  return app.isPackaged
    ? join(process.resourcesPath, 'relay', RELAY_NAME)
    : join(app.getAppPath(), 'relay', 'target', 'release', RELAY_NAME);
}

/**
 * An AppImage runs from a new temporary mount each time (process.execPath is inside it); the
 * AppImage runtime names the file itself in APPIMAGE, which is what stays.
 */
function appImage(): string | undefined {
  const path = process.env.APPIMAGE;
  return process.platform === 'linux' && app.isPackaged && path !== undefined && path !== ''
    ? path
    : undefined;
}

/**
 * How the relay starts this app without a window. Packaged, the executable is the app (the
 * AppImage file for an AppImage); in development it is Electron, which needs the app's folder.
 */
function launchCommand(): string[] {
  if (!app.isPackaged) return [process.execPath, app.getAppPath(), BACKGROUND_FLAG];
  return [appImage() ?? process.execPath, BACKGROUND_FLAG];
}

function placeInputs(): PlaceInputs {
  const user = userInfo();
  // Electron's home (HOME, or the profile folder on Windows) is where the browsers and the relay look.
  return currentPlaceInputs(process.env, {
    homedir: app.getPath('home'),
    uid: user.uid,
    username: user.username,
  });
}

/** Why this run does not register, or undefined when it does. */
function skipReason(): string | undefined {
  if (process.env[COMPANION_SWITCH_ENV] === 'off') return `${COMPANION_SWITCH_ENV}=off`;
  if (!app.isPackaged && process.env[REGISTER_SWITCH_ENV] !== '1') {
    return `a development run (${REGISTER_SWITCH_ENV}=1 registers it)`;
  }
  return undefined;
}

async function register(log: Logger): Promise<void> {
  const skip = skipReason();
  if (skip !== undefined) {
    log.info('Companion registration: skipped', { why: skip });
    return;
  }
  const relay = relayPath();
  if (!existsSync(relay)) {
    log.warn('Companion registration: skipped, the relay is not installed', { relay });
    return;
  }
  const plan = registrationPlan({
    ...placeInputs(),
    launchCommand: launchCommand(),
    relayPath: relay,
    // The AppImage's relay disappears with its mount: the browsers get a copy that stays.
    copyRelay: appImage() !== undefined,
  });
  const report = await applyRegistration(plan, runReg);
  log.info('Companion registration', {
    written: report.written,
    unchanged: report.unchanged.length,
    ...(report.registryKeysSet.length === 0 ? {} : { registryKeysSet: report.registryKeysSet }),
  });
}

/** At start, once the window is up: registers in the background and logs what went wrong. */
export function registerCompanionAtStart(log: Logger): void {
  const scoped = log.child('companion');
  void register(scoped).catch((error: unknown) =>
    scoped.warn('Companion registration failed; the browser companion may not find the app', {
      error,
    }),
  );
}

/** `--unregister-companion`: removes the launch file, the manifests and the keys; the exit code. */
export async function unregisterCompanion(): Promise<number> {
  try {
    const removed = await removeRegistration({ ...placeInputs(), relayPath: relayPath() }, runReg);
    console.log(
      `Assistant Desktop: removed the browser companion's registration (${removed.length}).`,
    );
    return 0;
  } catch (error) {
    console.error(
      "Assistant Desktop: could not remove the browser companion's registration:",
      error,
    );
    return 1;
  }
}
