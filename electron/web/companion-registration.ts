// Browser mode registers the companion with the browsers as the installed app does: where
// Electron cannot run, `npm run web` is the app, so at every start it writes the host manifests
// (pointing at cargo's build of the relay) and the launch file, which makes the relay start
// browser mode again when a panel connects and nothing serves it: node with the built web entry
// (out/web/cli.js, built by `npm ci`'s prepare and `npm run build:node`), the same project, data
// folder, port and notifications. `npm run web -- --unregister-companion` removes it all.
import { homedir, userInfo } from 'node:os';
import { currentPlaceInputs, type PlaceInputs } from '../companion/places';
import { allowedOrigins } from '../companion/registration/extension-ids';
import {
  REGISTER_SWITCH_ENV,
  relayPathOf,
  type RegistrationTarget,
} from '../companion/registration/registration-target';
import { pathsOf } from '../core/platform/paths';
import { COMPANION_SWITCH_ENV } from '../companion/start';

/** The built entry under the code's root: what the launch file runs (no tsx, a fast start). */
export const BUILT_WEB_ENTRY = ['out', 'web', 'cli.js'] as const;

export interface BrowserModeRun {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** The node executable running browser mode. */
  execPath: string;
  /** The checkout this code is part of: the relay's build and the built entry live under it. */
  codeRoot: string;
  /** The folder whose out/renderer is served (`npm run web`'s working folder). */
  projectDir: string;
  dataDir: string;
  port: number;
  notifications: boolean;
}

/** The built entry's path for this run. */
export function builtWebEntry(run: Pick<BrowserModeRun, 'platform' | 'codeRoot'>): string {
  return pathsOf(run.platform).join(run.codeRoot, ...BUILT_WEB_ENTRY);
}

/** The relay cargo builds in the checkout: the one the manifests name. */
export function browserModeRelayPath(
  run: Pick<BrowserModeRun, 'platform' | 'env' | 'execPath' | 'codeRoot'>,
): string {
  return relayPathOf({
    platform: run.platform,
    env: run.env,
    execPath: run.execPath,
    install: { packaged: false, appPath: run.codeRoot },
  });
}

/**
 * What browser mode registers. Unlike `npm run dev` (a developer's Electron, opt-in), browser
 * mode is how the app runs on a computer without Electron, so it registers unless the companion
 * is off (`ASSISTANT_COMPANION=off`) or registration alone is (`ASSISTANT_COMPANION_REGISTER=0`:
 * a developer whose installed app should keep the browsers, or a test in the real home).
 */
export function browserModeRegistrationTarget(run: BrowserModeRun): RegistrationTarget {
  if (run.env[COMPANION_SWITCH_ENV] === 'off') {
    return { register: false, why: `${COMPANION_SWITCH_ENV}=off` };
  }
  if (run.env[REGISTER_SWITCH_ENV] === '0') {
    return { register: false, why: `${REGISTER_SWITCH_ENV}=0` };
  }
  return {
    register: true,
    // The flags are cli.ts's: the relay starts the same browser mode, without a renderer build
    // (it waits 20 s for the app; this start built it already when it was stale).
    launchCommand: [
      run.execPath,
      builtWebEntry(run),
      '--project-dir',
      run.projectDir,
      '--data-dir',
      run.dataDir,
      '--port',
      String(run.port),
      '--no-build',
      ...(run.notifications ? [] : ['--no-notifications']),
    ],
    relayPath: browserModeRelayPath(run),
    copyRelay: false,
    // Browser mode serves the unpacked development copy only (start.ts's buildKind).
    allowedOrigins: allowedOrigins('development'),
  };
}

/**
 * This user's places as the relay finds them: HOME (USERPROFILE on Windows), as the browser passes
 * it on.
 */
export function browserModePlaces(
  env: Readonly<Record<string, string | undefined>> = process.env,
): PlaceInputs {
  const user = userInfo();
  return currentPlaceInputs(env, { homedir: homedir(), uid: user.uid, username: user.username });
}
