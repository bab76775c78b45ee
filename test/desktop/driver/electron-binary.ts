// Where the Electron binary is, or why it is not there. Never `require('electron')` to find out:
// Electron 45's package has no install script and downloads the binary the first time it is
// required (its index.js), which must not happen in a test run. The binary is fetched explicitly
// (`node node_modules/electron/install.js`, as the desktop workflow does) or named by Electron's
// own ELECTRON_OVERRIDE_DIST_PATH (the folder holding it).

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type ElectronBinary = { path: string } | { missing: string };

/** The executable's path inside Electron's dist folder on each OS, as its install.js names it. */
export function distExecutable(platform: NodeJS.Platform): string {
  if (platform === 'win32') return 'electron.exe';
  if (platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  return 'electron';
}

export interface ElectronSearch {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** The electron package's folder (node_modules/electron). */
  packageDir?: string;
}

export function findElectronBinary(search: ElectronSearch = {}): ElectronBinary {
  const env = search.env ?? process.env;
  const platform = search.platform ?? process.platform;
  const packageDir =
    search.packageDir ?? dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  const written = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const executable = join(override, written ?? distExecutable(platform));
    return existsSync(executable)
      ? { path: executable }
      : { missing: `ELECTRON_OVERRIDE_DIST_PATH names ${override}, which holds no ${executable}.` };
  }
  if (written === undefined) {
    return {
      missing:
        'the Electron binary is not installed (node_modules/electron/path.txt is missing: Electron 45 downloads it on first use, which a test never triggers). Download it on a machine that can, with `node node_modules/electron/install.js`, then run this test again.',
    };
  }
  const executable = join(packageDir, 'dist', written);
  if (!existsSync(executable)) {
    return { missing: `the Electron binary is not installed (${executable} does not exist).` };
  }
  return { path: executable };
}

/** Linux needs a display server to open a window; a headless CI shell has none. */
export function displayMissing(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (platform !== 'linux') return undefined;
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return undefined;
  return 'no display server (DISPLAY/WAYLAND_DISPLAY unset): run it under `xvfb-run` on a headless Linux.';
}
