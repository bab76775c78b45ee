// The browser companion's registration, the Electron way: at every start of the installed app
// (an update moves the executable and the relay), after the window is up, the launch file and the
// host manifests (electron/companion/registration: registration-target.ts decides what,
// registration.ts writes it; on Windows the registry keys, through the relay:
// relay-registry.ts); and `--unregister-companion`, which removes them for an uninstaller.
// Registration never stops or fails the start: what goes wrong is logged, and Settings says it
// could not be done, or (a macOS app running from a disk image or a translocated copy) how to move
// the app to Applications.

import { app } from 'electron';
import { userInfo } from 'node:os';
import {
  currentPlaceInputs,
  registrationTarget,
  relayPathOf,
  type AppRun,
  type CompanionControl,
  type PlaceInputs,
} from '../companion';
import {
  registerSafely,
  registerTarget,
  unregisterFromCommandLine,
} from '../companion/registration/register';
import type { Logger } from '../core/logs/logger';

/** Electron's facts about this run; app.getAppPath() only in development (packaged: app.asar). */
/** This process, as the companion's registration and the OS's policy places see it. */
export function thisRun(): AppRun {
  return {
    platform: process.platform,
    env: process.env,
    execPath: process.execPath,
    install: app.isPackaged
      ? { packaged: true, resourcesPath: process.resourcesPath }
      : { packaged: false, appPath: app.getAppPath() },
  };
}

function placeInputs(): PlaceInputs {
  const user = userInfo();
  // Electron's home (HOME, or the profile folder on Windows): the browsers and the relay look here.
  return currentPlaceInputs(process.env, {
    homedir: app.getPath('home'),
    uid: user.uid,
    username: user.username,
  });
}

/**
 * At start, once the window is up: registers in the background, logs what went wrong and tells
 * the companion's state (Settings), which says when the browsers may not find the app.
 */
export function registerCompanionAtStart(log: Logger, companion: CompanionControl): void {
  const scoped = log.child('companion');
  void registerSafely(
    () => registerTarget(registrationTarget(thisRun()), placeInputs(), scoped),
    scoped,
    companion,
  );
}

/** `--unregister-companion`: removes the launch file, the manifests and the keys; the exit code. */
export function unregisterCompanion(): Promise<number> {
  return unregisterFromCommandLine(placeInputs(), relayPathOf(thisRun()), 'Assistant Desktop');
}
