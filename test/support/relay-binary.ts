// The built relay, for tests: built once with `npm run build:relay` when its sources are newer
// than the binary (cargo's own checks are slower than comparing times), then reused.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');
const relayDir = join(repo, 'relay');
export const RELAY_BINARY = join(
  relayDir,
  'target',
  'release',
  process.platform === 'win32' ? 'assistant-relay.exe' : 'assistant-relay',
);

function newestSource(): number {
  const sources = [
    join(relayDir, 'Cargo.toml'),
    ...readdirSync(join(relayDir, 'src')).map((name) => join(relayDir, 'src', name)),
  ];
  return Math.max(...sources.map((path) => statSync(path).mtimeMs));
}

function builtAt(): number {
  try {
    return statSync(RELAY_BINARY).mtimeMs;
  } catch {
    return 0;
  }
}

export function relayBinary(): string {
  if (builtAt() >= newestSource()) return RELAY_BINARY;
  const result = spawnSync(process.execPath, [join(repo, 'scripts', 'build-relay.mjs')], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`The relay did not build:\n${result.stdout}\n${result.stderr}`);
  }
  return RELAY_BINARY;
}
