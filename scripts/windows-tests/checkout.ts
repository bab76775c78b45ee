// The copy of the project that Windows Node tests: the working tree as the Windows runner's Git
// would check it out (core.autocrlf on, so text files get CRLF unless .gitattributes says
// otherwise), with the Windows builds of the native packages (esbuild, Vite's bundler, the CSS
// minifier) that `npm ci --os=win32 --cpu=x64` installs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { cp } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** What the checkout keeps across runs: its packages (and what is built into out/). */
const KEPT = new Set(['node_modules', 'out']);

function git(repo: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync('git', args, { cwd: repo, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * Lays the working tree, committed or not (untracked files too, ignored ones not), into `target`
 * with the line endings Git for Windows gives it. A throwaway index keeps the repository's own
 * untouched.
 */
function layTree(repo: string, target: string): void {
  const index = join(target, '..', 'windows-checkout.index');
  rmSync(index, { force: true });
  const env = { ...process.env, GIT_INDEX_FILE: index };
  git(repo, ['read-tree', 'HEAD'], env);
  git(repo, ['add', '--all'], env);
  for (const name of readdirSync(target)) {
    if (!KEPT.has(name)) rmSync(join(target, name), { recursive: true, force: true });
  }
  git(
    repo,
    ['-c', 'core.autocrlf=true', `--work-tree=${target}`, 'checkout-index', '-a', '-f'],
    env,
  );
  rmSync(index, { force: true });
}

/** `npm ci` for Windows, again only when package-lock.json changed. */
async function installWindowsPackages(target: string, npmCli: string): Promise<void> {
  const lock = readFileSync(join(target, 'package-lock.json'));
  const stamp = createHash('sha256').update(lock).digest('hex');
  const stampFile = join(target, 'node_modules', '.windows-lock-hash');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  // No install scripts: they would run on this Linux Node (the build, Electron's download).
  const args = ['ci', '--os=win32', '--cpu=x64', '--ignore-scripts', '--no-audit', '--no-fund'];
  const result = spawnSync(process.execPath, [npmCli, ...args], { cwd: target, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm ci for Windows failed');
  await windowsCommandShims(join(target, 'node_modules', '.bin'), npmCli);
  writeFileSync(stampFile, stamp);
}

/**
 * npm on Linux links each package's command into node_modules/.bin; npm on Windows writes
 * `name.cmd` shims there instead, which cmd.exe (what npm scripts run in on Windows) looks for.
 * npm's own cmd-shim writes them as npm on Windows would.
 */
async function windowsCommandShims(binDir: string, npmCli: string): Promise<void> {
  const cmdShim = createRequire(npmCli)('cmd-shim') as (from: string, to: string) => Promise<void>;
  for (const name of readdirSync(binDir)) {
    const link = join(binDir, name);
    if (!lstatSync(link).isSymbolicLink()) continue;
    const target = resolve(binDir, readlinkSync(link));
    rmSync(link);
    await cmdShim(target, link);
  }
}

export interface WindowsCheckout {
  root: string;
}

/** The checkout at `target`, brought up to date with `repo`'s working tree. */
export async function prepareCheckout(
  repo: string,
  target: string,
  npmCli: string,
): Promise<WindowsCheckout> {
  mkdirSync(target, { recursive: true });
  layTree(repo, target);
  await installWindowsPackages(target, npmCli);
  // What the Linux build made (JavaScript, the same on every OS), for the tests that read it.
  if (existsSync(join(repo, 'out'))) {
    await cp(join(repo, 'out'), join(target, 'out'), { recursive: true, force: true });
  }
  return { root: target };
}
