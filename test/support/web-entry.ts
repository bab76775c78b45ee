// Browser mode's built entry (out/web/cli.js), for tests that start it as the relay's launch file
// does: rebuilt once with `npm run build:node` when anything it bundles (electron/, package.json)
// is newer than it, so a test never runs yesterday's code; `npm ci` built it already otherwise.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');
export const WEB_ENTRY = join(repo, 'out', 'web', 'cli.js');

function newestUnder(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestUnder(join(path, entry)));
  return newest;
}

function builtAt(): number {
  try {
    return statSync(WEB_ENTRY).mtimeMs;
  } catch {
    return 0;
  }
}

export function builtWebEntry(): string {
  const newest = Math.max(
    newestUnder(join(repo, 'electron')),
    newestUnder(join(repo, 'package.json')),
  );
  if (builtAt() >= newest) return WEB_ENTRY;
  const result = spawnSync(process.execPath, [join(repo, 'scripts', 'build-node.mjs')], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`The Node side did not build:\n${result.stdout}\n${result.stderr}`);
  }
  return WEB_ENTRY;
}
