// Builds the browser companion's relay (relay/, Rust, standard library only) in release mode into
// relay/target/release/ (or, with --test, runs its unit tests). cargo is found on PATH or where
// rustup puts it (~/.cargo/bin), which is not always on a non-interactive shell's PATH.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const exe = process.platform === 'win32' ? '.exe' : '';
const rustupCargo = join(homedir(), '.cargo', 'bin', `cargo${exe}`);
const onPath = spawnSync(`cargo${exe}`, ['--version'], { stdio: 'ignore' }).status === 0;
const cargo = onPath ? `cargo${exe}` : existsSync(rustupCargo) ? rustupCargo : undefined;
if (cargo === undefined) {
  console.error(
    'build:relay needs Rust (cargo): install it with rustup, or apt-get install cargo.',
  );
  process.exit(1);
}
// `--test`: the relay's own unit tests (frames, the JSON check, origins) instead of the build.
const verb = process.argv.includes('--test') ? 'test' : 'build';
// In relay/, where cargo reads relay/.cargo/config.toml (the C runtime linked statically on
// Windows); --manifest-path from the root would build without it.
const result = spawnSync(cargo, [verb, '--release', '--quiet'], {
  cwd: join(import.meta.dirname, '..', 'relay'),
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
