// Starting the companion host beside a host process's own (the Electron app, browser mode): at
// the address chosen for this start (socket-address.ts), recorded in the address file for the
// relay, unless `ASSISTANT_COMPANION=off`. It never stops the app from starting: a socket it
// cannot take is logged and the app goes on without the companion.
import { rmdir } from 'node:fs/promises';
import { homedir, userInfo } from 'node:os';
import type { Backend } from '../core/backend';
import type { Logger } from '../core/logs/logger';
import { writeAddressFile } from './address-file';
import { servedOrigins, type AppBuildKind } from './registration/extension-ids';
import { startCompanionHost, type CompanionHost, type PairingRequest } from './host';
import { companionDir, currentPlaceInputs, socketPlace } from './places';
import { chooseSocketAddress } from './socket-address';

export const COMPANION_SWITCH_ENV = 'ASSISTANT_COMPANION';

export interface CompanionStartOptions {
  backend: Pick<Backend, 'dispatch' | 'events' | 'companion'>;
  log: Logger;
  dataDir: string;
  appVersion: string;
  /** The installed app (`app.isPackaged`) or a run from the sources: which extensions it serves. */
  buildKind: AppBuildKind;
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
    // HOME (USERPROFILE on Windows), not the account's record: the relay finds the companion
    // folder by HOME as the browser passes it on, and registration writes there too.
    const inputs = currentPlaceInputs(env, {
      homedir: homedir(),
      uid: user.uid,
      username: user.username,
    });
    const folder = companionDir(inputs);
    const address = await chooseSocketAddress(socketPlace(inputs), folder);
    const host = await startCompanionHost({
      backend: options.backend,
      log,
      dataDir: options.dataDir,
      socketPath: address.path,
      appVersion: options.appVersion,
      allowedOrigins: servedOrigins(options.buildKind, env),
      ...(options.onPairingRequest === undefined
        ? {}
        : { onPairingRequest: options.onPairingRequest }),
    });
    if (host.status.kind === 'listening' && address.record) {
      await recordAddress(folder, address.path, log);
    } else if (host.status.kind !== 'listening' && address.madeFolder !== undefined) {
      await rmdir(address.madeFolder).catch(() => undefined);
    }
    options.backend.companion.attach({ kind: 'started', host });
    return host;
  } catch (error) {
    log.warn('Companion: could not start; the app goes on without it', { error });
    options.backend.companion.attach({ kind: 'failed' });
    return undefined;
  }
}

/** Without the address file the relay cannot find this app; the app itself goes on. */
async function recordAddress(folder: string, address: string, log: Logger): Promise<void> {
  try {
    await writeAddressFile(folder, address);
  } catch (error) {
    log.warn('Companion: the address file could not be written; browsers will not find the app', {
      error,
      folder,
    });
  }
}
