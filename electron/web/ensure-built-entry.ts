// `npm run web` keeps browser mode's built entry (out/web/cli.js) as current as the renderer: the
// companion's launch file runs it when a browser's relay finds no app, so yesterday's build would
// start yesterday's code. `npm ci` builds it (the prepare script); after a change to electron/, the
// next `npm run web` rebuilds the Node side with `npm run build:node` (esbuild, a few seconds).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { newestMtime } from './ensure-renderer';

/** What the Node side's build reads: a change to any of these makes out/web/cli.js stale. */
export const NODE_SOURCES = ['electron', 'scripts/build-node.mjs', 'package.json'] as const;

export async function builtEntryIsStale(codeRoot: string, entry: string): Promise<boolean> {
  if (!existsSync(entry)) return true;
  const builtAt = (await stat(entry)).mtimeMs;
  for (const source of NODE_SOURCES.map((path) => join(codeRoot, path))) {
    if (existsSync(source) && (await newestMtime(source)) > builtAt) return true;
  }
  return false;
}

/** Runs scripts/build-node.mjs in `codeRoot` when `entry` is stale. */
export async function ensureBuiltEntry(
  codeRoot: string,
  entry: string,
): Promise<'built' | 'fresh'> {
  if (!(await builtEntryIsStale(codeRoot, entry))) return 'fresh';
  await new Promise<void>((resolve, reject) => {
    // Its output goes to stderr: stdout carries only the host's JSON line.
    const child = spawn(process.execPath, [join(codeRoot, 'scripts', 'build-node.mjs')], {
      cwd: codeRoot,
      stdio: ['ignore', process.stderr, process.stderr],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build:node failed (exit code ${code})`)),
    );
  });
  return 'built';
}
