// The browser companion's registration, the Electron way: at every start of the installed app
// (an update moves the executable and the relay), after the window is up, the launch file and the
// host manifests (electron/companion/registration: registration-target.ts decides what, registration.ts
// writes it; on Windows the registry keys through the relay, relay-registry.ts); and
// `--unregister-companion`, which removes them for an uninstaller. Registration never stops or
// fails the start: what goes wrong is logged, and Settings says it could not be done, or (a macOS
// app running from a disk image or a translocated copy) how to move the app to Applications.

import { app } from 'electron';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import {
  applyRegistration,
  currentPlaceInputs,
  registrationPlan,
  registrationTarget,
  relayPathOf,
  removeRegistration,
  relayRegistry,
  type AppRun,
  type CompanionControl,
  type PlaceInputs,
} from '../companion';
import type { Logger } from '../core/logs/logger';
import type { CompanionRegistrationProblem } from '../contract';

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
  // Electron's home (HOME, or the profile folder on Windows) is where the browsers and the relay look.
  return currentPlaceInputs(process.env, {
    homedir: app.getPath('home'),
    uid: user.uid,
    username: user.username,
  });
}

/**
 * Registers; `skipped` when this run does not register (development, or turned off), the
 * problem when it refused the app's place.
 */
async function register(log: Logger): Promise<'done' | 'skipped' | CompanionRegistrationProblem> {
  const target = registrationTarget(thisRun());
  if (!target.register) {
    log.info('Companion registration: skipped', { why: target.why });
    return target.problem ?? 'skipped';
  }
  if (!existsSync(target.relayPath)) {
    log.warn('Companion registration: not done, the relay is not installed', {
      relay: target.relayPath,
    });
    return 'failed';
  }
  const plan = registrationPlan({ ...placeInputs(), ...target });
  const report = await applyRegistration(plan, relayRegistry(target.relayPath));
  log.info('Companion registration', {
    written: report.written,
    unchanged: report.unchanged.length,
    ...(report.registryKeysSet.length === 0 ? {} : { registryKeysSet: report.registryKeysSet }),
    ...(report.removed.length === 0 ? {} : { removedUnreachable: report.removed }),
  });
  return 'done';
}

/**
 * At start, once the window is up: registers in the background, logs what went wrong and tells
 * the companion's state (Settings), which says when the browsers may not find the app.
 */
export function registerCompanionAtStart(log: Logger, companion: CompanionControl): void {
  const scoped = log.child('companion');
  void register(scoped)
    .catch((error: unknown) => {
      scoped.warn('Companion registration failed; the browser companion may not find the app', {
        error,
      });
      return 'failed' as const;
    })
    .then((outcome) => {
      if (outcome !== 'skipped') companion.registered(outcome);
    });
}

/** `--unregister-companion`: removes the launch file, the manifests and the keys; the exit code. */
export async function unregisterCompanion(): Promise<number> {
  try {
    const relayPath = relayPathOf(thisRun());
    const removed = await removeRegistration(
      { ...placeInputs(), relayPath },
      relayRegistry(relayPath),
    );
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
