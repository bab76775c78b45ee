// `npm …` from a test, started the same way on every OS: the running Node with npm's own script,
// never `npm` by name. On Windows that name is npm.cmd, a batch file Node refuses to start
// without a shell (spawn EINVAL since the fix for CVE-2024-27980), and plain `npm` is not found.
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface NpmCommand {
  /** The executable to start: this Node. */
  file: string;
  args: string[];
}

/**
 * npm's CLI script: the one npm names in npm_execpath for everything it runs (npm test, npx),
 * else the npm installed beside this Node.
 */
export function npmCliScript(
  env: Readonly<Record<string, string | undefined>> = process.env,
  execPath: string = process.execPath,
  platform: NodeJS.Platform = process.platform,
): string {
  const named = env.npm_execpath;
  if (named !== undefined && /npm-cli\.c?js$/.test(named) && existsSync(named)) return named;
  const nodeDir = path.dirname(execPath);
  const beside =
    platform === 'win32'
      ? path.join(nodeDir, 'node_modules/npm/bin/npm-cli.js')
      : path.join(nodeDir, '../lib/node_modules/npm/bin/npm-cli.js');
  if (existsSync(beside)) return beside;
  throw new Error(
    `npm's CLI script was not found (npm_execpath is ${named ?? 'not set'}; nothing at ${beside}): run the tests through npm (npm test, npx vitest).`,
  );
}

export function npmCommand(args: readonly string[]): NpmCommand {
  return { file: process.execPath, args: [npmCliScript(), ...args] };
}
