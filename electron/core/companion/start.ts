// Starting the companion host beside a host process's own (the Electron app, browser mode): at
// the per-user socket, unless `ASSISTANT_COMPANION=off`. It never stops the app from starting:
// a socket it cannot take is logged and the app goes on without the companion.
import { userInfo } from 'node:os';
import type { Backend } from '../backend';
import type { Logger } from '../logs/logger';
import { startCompanionHost, type CompanionHost, type PairingRequest } from './host';
import { currentPlaceInputs, socketPath } from './places';

export const COMPANION_SWITCH_ENV = 'ASSISTANT_COMPANION';

export interface CompanionStartOptions {
  backend: Pick<Backend, 'dispatch' | 'events' | 'companion'>;
  log: Logger;
  dataDir: string;
  appVersion: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** Where the shell will ask Allow / Deny; until it does, a new browser waits. */
  onPairingRequest?: (request: PairingRequest) => void;
}

export async function startCompanion(
  options: CompanionStartOptions,
): Promise<CompanionHost | undefined> {
  const env = options.env ?? process.env;
  const log = options.log.child('companion');
  if (env[COMPANION_SWITCH_ENV] === 'off') {
    log.info('Companion: off (ASSISTANT_COMPANION=off)');
    options.backend.companion.attach({ kind: 'off' });
    return undefined;
  }
  try {
    const user = userInfo();
    const host = await startCompanionHost({
      backend: options.backend,
      log,
      dataDir: options.dataDir,
      socketPath: socketPath(
        currentPlaceInputs(env, { homedir: user.homedir, uid: user.uid, username: user.username }),
      ),
      appVersion: options.appVersion,
      ...(options.onPairingRequest === undefined
        ? {}
        : { onPairingRequest: options.onPairingRequest }),
    });
    options.backend.companion.attach({ kind: 'started', host });
    return host;
  } catch (error) {
    log.warn('Companion: could not start; the app goes on without it', { error });
    options.backend.companion.attach({ kind: 'failed' });
    return undefined;
  }
}
