// Where the Electron binary is, or why it is not there. Never `require('electron')` to find out:
// its index.js downloads the binary when it is missing, which must not happen in a test run.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type ElectronBinary = { path: string } | { missing: string };

export function findElectronBinary(env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    const why =
      env.ELECTRON_SKIP_BINARY_DOWNLOAD !== undefined
        ? 'ELECTRON_SKIP_BINARY_DOWNLOAD was set when dependencies were installed'
        : 'its download did not happen or failed';
    return {
      missing: `the Electron binary is not installed (${why}; node_modules/electron/path.txt is missing). Install it on a machine that can download it, e.g. \`npx install-electron\`, then run this test again.`,
    };
  }
  const relative = readFileSync(pathFile, 'utf8').trim();
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const executable = override ? join(override, relative) : join(packageDir, 'dist', relative);
  if (!existsSync(executable)) {
    return { missing: `the Electron binary is not installed (${executable} does not exist).` };
  }
  return { path: executable };
}

/** Linux needs a display server to open a window; a headless CI shell has none. */
export function displayMissing(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (process.platform !== 'linux') return undefined;
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return undefined;
  return 'no display server (DISPLAY/WAYLAND_DISPLAY unset): run it under `xvfb-run` on a headless Linux.';
}
