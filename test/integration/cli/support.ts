// Runs the `assistant` command as a real child process (`node --import tsx electron/cli/main.ts`,
// no build needed) against a demo service started by the test, over real HTTP on 127.0.0.1.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { underWine } from '../../support/wine';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Under Wine each tsx start costs seconds (its esbuild service is one more Windows process): the
// Windows run (scripts/windows-tests) runs the command line as built, which it builds first.
export const ENTRY = underWine ? ['out/cli/main.js'] : ['--import', 'tsx', 'electron/cli/main.ts'];

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliRun {
  child: ChildProcessWithoutNullStreams;
  /** Everything written so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves once `predicate` holds for what stdout/stderr hold (checked on every chunk). */
  waitFor(predicate: (out: { stdout: string; stderr: string }) => boolean): Promise<void>;
  done: Promise<CliResult>;
}

export interface SpawnOptions {
  /** Replaces the default ASSISTANT_* environment (base URL and token of `service`). */
  env?: Record<string, string | undefined>;
  /** The command to run instead of the tsx entry (e.g. ['bin/assistant.js']). */
  entry?: string[];
  timeoutMs?: number;
}

/** A clean environment: nothing of the test runner's ASSISTANT_* or colour settings leaks in. */
export function baseEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C.UTF-8',
  };
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) env[key] = value;
  }
  return env;
}

export function serviceEnv(service: DemoService, token = service.token): Record<string, string> {
  return { ASSISTANT_BASE_URL: service.baseUrl, ASSISTANT_SESSION_TOKEN: token };
}

export function spawnCli(args: string[], options: SpawnOptions = {}): CliRun {
  const child = spawn(process.execPath, [...(options.entry ?? ENTRY), ...args], {
    cwd: ROOT,
    env: baseEnv(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  const notify = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    stdout += chunk;
    notify();
  });
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
    notify();
  });
  const timeoutMs = options.timeoutMs ?? 20_000;
  const done = new Promise<CliResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`assistant ${args.join(' ')} did not end within ${timeoutMs} ms\n${stderr}`),
      );
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      notify();
      resolve({ code, signal, stdout, stderr });
    });
  });
  return {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    waitFor(predicate) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (predicate({ stdout, stderr })) {
            waiters.delete(check);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiters.delete(check);
            reject(new Error(`the command ended first:\n${stdout}\n${stderr}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    done,
  };
}

/** Runs the command to its end against `service` (unless `env` says otherwise). */
export function cli(
  service: DemoService | undefined,
  args: string[],
  options: SpawnOptions = {},
): Promise<CliResult> {
  const env = options.env ?? (service === undefined ? {} : serviceEnv(service));
  return spawnCli(args, { ...options, env }).done;
}

export async function startService(): Promise<DemoService> {
  return startDemoService({ port: 0, host: '127.0.0.1', pacing: 'instant' });
}

/** The run id from the `run <id> started` line of `runs start --follow`. */
export function startedRunId(stderr: string): string | undefined {
  return /^run (\S+) started/m.exec(stderr)?.[1];
}

/** A port nothing listens on: bound, read and released again. */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
