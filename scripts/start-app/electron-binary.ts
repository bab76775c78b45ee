// Where Electron's binary is, and fetching it. Electron 45's npm package has no install script:
// `npm ci` leaves the binary out, and the package downloads it the first time it is required.
// `npm start` looks and fetches first, so a machine that cannot download it gets advice instead
// of a stack trace from inside the package.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type FetchOutcome = { ok: true } | { ok: false; reason: string };

/**
 * The binary the package would run, if it is there: the same lookup as its index.js
 * (`path.txt` names the executable inside `dist/`, or inside ELECTRON_OVERRIDE_DIST_PATH).
 */
export function findElectronBinary(
  electronDir: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  let relative: string | undefined;
  try {
    relative = readFileSync(join(electronDir, 'path.txt'), 'utf8');
  } catch {
    relative = undefined;
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary =
    override !== undefined && override !== ''
      ? join(override, relative ?? 'electron')
      : relative === undefined
        ? undefined
        : join(electronDir, 'dist', relative);
  return binary !== undefined && existsSync(binary) ? binary : undefined;
}

/**
 * Runs the package's own downloader (`install.js`, what its index.js would run) with this Node.
 * Its progress goes to the terminal; a failure comes back as its last line of error output.
 */
export function fetchElectronBinary(electronDir: string): FetchOutcome {
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (result.error !== undefined) return { ok: false, reason: result.error.message };
  if (result.status === 0) return { ok: true };
  return { ok: false, reason: lastErrorLine(result.stderr) ?? `exit code ${result.status}` };
}

/** The downloader prints a stack: its message line says why (e.g. `TypeError: fetch failed`). */
function lastErrorLine(stderr: string): string | undefined {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '));
  return lines.at(-1);
}
