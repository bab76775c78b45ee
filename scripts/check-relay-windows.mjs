// Type-checks the relay's Windows code (cfg(windows): the named pipe, the detached start) on Linux,
// against Debian's Windows standard library for Debian's own rustc (apt-get install rustc cargo
// libstd-rust-dev-windows), the one Windows target a machine here can install. Nothing is linked
// (that would need MinGW): the workflows' Windows jobs build and test the relay with MSVC.
// Warnings are errors, so code only Windows compiles stays as clean as the rest.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const TARGET = 'x86_64-pc-windows-gnu';
const rustc = '/usr/bin/rustc';
const cargo = '/usr/bin/cargo';
if (![rustc, cargo, `/usr/lib/rustlib/${TARGET}`].every((path) => existsSync(path))) {
  console.error(
    `check:relay-windows needs Debian's Rust with the Windows standard library: ` +
      'apt-get install rustc cargo libstd-rust-dev-windows',
  );
  process.exit(1);
}
const result = spawnSync(
  cargo,
  [
    'check',
    '--release',
    '--quiet',
    '--target',
    TARGET,
    '--manifest-path',
    join('relay', 'Cargo.toml'),
  ],
  // Debian's cargo with Debian's rustc (a rustup rustc earlier on PATH lacks this target's std).
  { stdio: 'inherit', env: { ...process.env, RUSTC: rustc, RUSTFLAGS: '-D warnings' } },
);
process.exit(result.status ?? 1);
