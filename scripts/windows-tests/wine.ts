// Windows programs run under Debian's Wine 8: a prefix of our own made ready for Node 22, and a
// way to run a program in it. What Wine 8 needs for that, measured here (issue #33):
// - Node refuses Windows 7, Wine's default version: the prefix says Windows 10.
// - Wine 8 has no bcryptprimitives.dll, which Rust-built modules import: a stand-in built from
//   ./bcryptprimitives.c with Debian's MinGW goes into the prefix's system32.
// - Node's stdout must be a file or a terminal (a pipe dies with `open EBADF` at the first
//   write), so a program's output goes to a file, which `runInWine` streams as it grows.
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';

const STUB_SOURCE = join(import.meta.dirname, 'bcryptprimitives.c');
const MINGW = 'x86_64-w64-mingw32-gcc';
export const DEBIAN_PACKAGES = 'wine wine64 gcc-mingw-w64-x86-64-win32';

export interface Wine {
  /** The environment every Windows program here runs with. */
  env: NodeJS.ProcessEnv;
  prefix: string;
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Why Windows programs cannot run here, or undefined when they can. */
export function missingTools(): string | undefined {
  const missing = ['wine', 'wineserver', MINGW].filter((command) => !onPath(command));
  if (missing.length === 0) return undefined;
  return `${missing.join(', ')} not found: apt-get install ${DEBIAN_PACKAGES}`;
}

function wineEnv(prefix: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    WINEPREFIX: prefix,
    WINEARCH: 'win64',
    WINEDEBUG: '-all',
    // No Mono or Gecko install prompts: nothing here uses .NET or HTML rendering.
    WINEDLLOVERRIDES: 'mscoree,mshtml=',
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed: ${String(result.stderr)}`);
  }
}

/** The prefix at `prefix`, made once: Windows 10, and the stand-in DLL in system32. */
export async function preparePrefix(prefix: string): Promise<Wine> {
  const env = wineEnv(prefix);
  const ready = join(prefix, '.assistant-ready');
  const system32 = join(prefix, 'drive_c', 'windows', 'system32');
  const dll = join(system32, 'bcryptprimitives.dll');
  const stubChanged = existsSync(dll) && statSync(dll).mtimeMs < statSync(STUB_SOURCE).mtimeMs;
  if (existsSync(ready) && !stubChanged) return { env, prefix };
  mkdirSync(prefix, { recursive: true });
  run('wineboot', ['--init'], env);
  run('wineserver', ['--wait'], env);
  run('wine', ['winecfg', '/v', 'win10'], env);
  run('wineserver', ['--wait'], env);
  const built = join(prefix, 'bcryptprimitives.dll');
  run(MINGW, ['-shared', '-O2', '-o', built, STUB_SOURCE, '-ladvapi32', '-Wl,--kill-at'], env);
  await copyFile(built, dll);
  writeFileSync(ready, '');
  return { env, prefix };
}

/** Copies what `path` gains while `done` is unsettled to stdout, until it settles. */
function follow(path: string, done: Promise<unknown>): Promise<void> {
  let offset = 0;
  const buffer = Buffer.alloc(64 * 1024);
  const drain = (): void => {
    const fd = openSync(path, 'r');
    try {
      for (;;) {
        const read = readSync(fd, buffer, 0, buffer.length, offset);
        if (read === 0) break;
        process.stdout.write(buffer.subarray(0, read));
        offset += read;
      }
    } finally {
      closeSync(fd);
    }
  };
  const timer = setInterval(drain, 500);
  return done.then(
    () => {
      clearInterval(timer);
      drain();
    },
    () => clearInterval(timer),
  );
}

/** Runs a Windows program to its end, its output streamed through `logFile`; its exit code. */
export async function runInWine(
  wine: Wine,
  program: string,
  args: string[],
  options: { cwd: string; logFile: string; env?: NodeJS.ProcessEnv },
): Promise<number> {
  const out = openSync(options.logFile, 'w');
  const child = spawn('wine', [program, ...args], {
    cwd: options.cwd,
    env: { ...wine.env, ...options.env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exit = new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => child.kill(signal));
  }
  await follow(options.logFile, exit);
  return exit;
}
