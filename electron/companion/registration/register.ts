// Registration as a host process runs it, shared by the Electron app
// (electron/main/companion-registration.ts) and browser mode (electron/web/companion-registration.ts):
// each decides its own target (what to register, or why not) and where the user's places are; the
// writing, the logging, telling Settings how it ended, and the removal are the same for both.
import { existsSync } from 'node:fs';
import type { CompanionRegistrationProblem } from '../../contract';
import type { CompanionControl } from '../../core/pairings/control';
import type { Logger } from '../../core/logs/logger';
import type { PlaceInputs } from '../places';
import { applyRegistration, registrationPlan, removeRegistration } from './registration';
import type { RegistrationTarget } from './registration-target';
import { relayRegistry } from './relay-registry';

/** `skipped`: this run does not register (development, or turned off). */
export type RegistrationOutcome = 'done' | 'skipped' | CompanionRegistrationProblem;

/** Writes what `target` says for the user at `places`; logs what it did or why not. */
export async function registerTarget(
  target: RegistrationTarget,
  places: PlaceInputs,
  log: Logger,
): Promise<RegistrationOutcome> {
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
  const plan = registrationPlan({ ...places, ...target });
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
 * Registers without ever failing the start: what went wrong is logged, and the
 * companion's state (Settings) says when the browsers may not find the app. Resolves once done
 * (the caller need not wait).
 */
export async function registerSafely(
  register: () => Promise<RegistrationOutcome>,
  log: Logger,
  companion: Pick<CompanionControl, 'registered'>,
): Promise<RegistrationOutcome> {
  // Through a promise, so a throw before register's first await is caught the same way.
  const outcome = await Promise.resolve()
    .then(register)
    .catch((error: unknown) => {
      log.warn('Companion registration failed; the browser companion may not find the app', {
        error,
      });
      return 'failed' as const;
    });
  if (outcome !== 'skipped') companion.registered(outcome);
  return outcome;
}

/**
 * `--unregister-companion`: removes the launch file, the address file, the manifests and (Windows)
 * the keys, printing one line; the exit code (1 when something could not be removed).
 */
export async function unregisterFromCommandLine(
  places: PlaceInputs,
  relayPath: string,
  appName: string,
): Promise<number> {
  try {
    const removed = await removeRegistration({ ...places, relayPath }, relayRegistry(relayPath));
    console.log(`${appName}: removed the browser companion's registration (${removed.length}).`);
    return 0;
  } catch (error) {
    console.error(`${appName}: could not remove the browser companion's registration:`, error);
    return 1;
  }
}
