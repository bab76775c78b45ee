// The relay's Windows code (cfg(windows): the named pipe, the detached start) compiled on Linux,
// against Debian's Windows standard library for Debian's own rustc (apt-get install rustc cargo
// libstd-rust-dev-windows), the one Windows target a machine here can install. With MinGW's linker
// (apt-get install gcc-mingw-w64-x86-64-win32) it is linked too, into
// relay/target/x86_64-pc-windows-gnu/release/assistant-relay.exe, whose import table
// test/integration/companion/relay-imports.test.ts then reads (no DLL a clean Windows lacks);
// without it the code is only type-checked and that test skips, saying why. The workflows'
// Windows jobs build and test the relay with MSVC. Warnings are errors, so code only Windows
// compiles stays as clean as the rest.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const TARGET = 'x86_64-pc-windows-gnu';
const LINKER = 'x86_64-w64-mingw32-gcc';
const rustc = '/usr/bin/rustc';
const cargo = '/usr/bin/cargo';
if (![rustc, cargo, `/usr/lib/rustlib/${TARGET}`].every((path) => existsSync(path))) {
  console.error(
    `check:relay-windows needs Debian's Rust with the Windows standard library: ` +
      'apt-get install rustc cargo libstd-rust-dev-windows',
  );
  process.exit(1);
}
const canLink = spawnSync(LINKER, ['--version'], { stdio: 'ignore' }).status === 0;
if (!canLink) {
  console.warn(
    `check:relay-windows: no ${LINKER}, so the Windows relay is type-checked, not linked ` +
      '(apt-get install gcc-mingw-w64-x86-64-win32 links it, for the import table test).',
  );
}
const result = spawnSync(
  cargo,
  [canLink ? 'build' : 'check', '--release', '--quiet', '--target', TARGET],
  {
    // In relay/, where cargo reads relay/.cargo/config.toml, as the release builds do.
    cwd: join(import.meta.dirname, '..', 'relay'),
    stdio: 'inherit',
    // Debian's cargo with Debian's rustc (a rustup rustc earlier on PATH lacks this target's std).
    // RUSTFLAGS replaces the config's flags for a target; it has none for this one (MinGW's C
    // runtime is msvcrt.dll, part of Windows).
    env: {
      ...process.env,
      RUSTC: rustc,
      RUSTFLAGS: '-D warnings',
      CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER: LINKER,
    },
  },
);
process.exit(result.status ?? 1);
