// What this run of the app registers with the browsers, from facts about the run: whether it is
// the installed app, where its relay is and how the relay starts it again. The installed app
// registers at every start; a development run only when asked, so `npm run dev` and the tests
// never touch the real user's browser profiles. A macOS app running from a disk image or a
// translocated copy registers nothing (install-location.ts).
import { pathsOf } from '../../core/platform/paths';
import { allowedOrigins, PUBLISHED_EXTENSION_IDS } from './extension-ids';
import { installLocationProblem, type InstallLocationProblem } from './install-location';
import { BACKGROUND_FLAG } from '../places';
import { COMPANION_SWITCH_ENV } from '../start';

/** `1`: register in a development run too. */
export const REGISTER_SWITCH_ENV = 'ASSISTANT_COMPANION_REGISTER';

/** Electron's facts about this run (app.isPackaged, process.resourcesPath, app.getAppPath()). */
export interface AppRun {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** process.execPath: the installed app's executable, or Electron in development. */
  execPath: string;
  install: { packaged: true; resourcesPath: string } | { packaged: false; appPath: string };
}

export type RegistrationTarget =
  | {
      register: false;
      why: string;
      /** The app runs from a place that goes away (macOS): Settings says how to move it. */
      problem?: InstallLocationProblem;
    }
  | {
      register: true;
      launchCommand: string[];
      relayPath: string;
      copyRelay: boolean;
      /** The installed app lets in the stores' extensions; a development run its own copy. */
      allowedOrigins: string[];
    };

const relayName = (platform: NodeJS.Platform) =>
  platform === 'win32' ? 'assistant-relay.exe' : 'assistant-relay';

/**
 * The AppImage file, for an AppImage run: it mounts itself in a new temporary folder each time
 * (process.execPath is inside it), and its runtime names the file itself in APPIMAGE.
 */
function appImage(run: AppRun): string | undefined {
  const path = run.env.APPIMAGE;
  return run.platform === 'linux' && run.install.packaged && path !== undefined && path !== ''
    ? path
    : undefined;
}

/** Installed: beside app.asar (electron-builder's extraResources); in development, cargo's output. */
export function relayPathOf(run: AppRun): string {
  const { join } = pathsOf(run.platform);
  return run.install.packaged
    ? join(run.install.resourcesPath, 'relay', relayName(run.platform))
    : join(run.install.appPath, 'relay', 'target', 'release', relayName(run.platform));
}

/** `published`: the stores' extension ids this build carries (a parameter for the tests). */
export function registrationTarget(
  run: AppRun,
  published: readonly string[] = PUBLISHED_EXTENSION_IDS,
): RegistrationTarget {
  if (run.env[COMPANION_SWITCH_ENV] === 'off') {
    return { register: false, why: `${COMPANION_SWITCH_ENV}=off` };
  }
  if (!run.install.packaged && run.env[REGISTER_SWITCH_ENV] !== '1') {
    return { register: false, why: `a development run (${REGISTER_SWITCH_ENV}=1 registers it)` };
  }
  const problem = run.install.packaged
    ? installLocationProblem(run.platform, run.execPath)
    : undefined;
  if (problem !== undefined) {
    return {
      register: false,
      why: `the app runs from ${run.execPath} (${problem}), which goes away: move it to Applications`,
      problem,
    };
  }
  const image = appImage(run);
  return {
    register: true,
    // Installed, the executable is the app (the AppImage file for an AppImage); in development
    // it is Electron, which needs the app's folder.
    launchCommand: run.install.packaged
      ? [image ?? run.execPath, BACKGROUND_FLAG]
      : [run.execPath, run.install.appPath, BACKGROUND_FLAG],
    relayPath: relayPathOf(run),
    // The AppImage's relay disappears with its mount: the browsers get a copy that stays.
    copyRelay: image !== undefined,
    allowedOrigins: allowedOrigins(run.install.packaged ? 'packaged' : 'development', published),
  };
}
