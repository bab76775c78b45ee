// The `assistant` command in scripts: start-up time of `--version` against `node -e 0`, and peak
// memory (max RSS) of `assistant status` against a demo service running in another process, as
// a script would use it. Each run is a fresh child process; the two commands alternate so both
// see the same machine load, and medians are compared.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fmt, median } from '../renderer/lib/stats';
import type { Report } from '../renderer/lib/report';

const ROUNDS = 21;
const MIB = 1024 * 1024;
const BIN = join(process.cwd(), 'bin', 'assistant.js');

interface ChildRun {
  ms: number;
  /** Peak RSS as GNU time reports it (`%M`, KiB), when measured. */
  maxRssBytes: number;
  code: number | null;
  stdout: string;
}

/**
 * Runs `node <args>`: wall time from spawn to exit, and with `measureMemory` its peak RSS from
 * GNU time (`/usr/bin/time -f %M`, written to stderr), which adds nothing to the child itself.
 */
async function runNode(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; measureMemory?: boolean } = {},
): Promise<ChildRun> {
  const command = options.measureMemory
    ? ['/usr/bin/time', ['-f', '%M', process.execPath, ...args]]
    : [process.execPath, args];
  const started = performance.now();
  const child = spawn(command[0] as string, command[1] as string[], {
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  const ms = performance.now() - started;
  const kib = Number(stderr.trim().split('\n').at(-1));
  return { ms, maxRssBytes: Number.isFinite(kib) ? kib * 1024 : Number.NaN, code, stdout };
}

async function startDemoProcess(): Promise<{ baseUrl: string; token: string; stop: () => void }> {
  const child = spawn(process.execPath, ['out/demo-service/cli.js', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let buffered = '';
  for await (const chunk of child.stdout) {
    buffered += (chunk as Buffer).toString();
    const line = buffered.split('\n')[0];
    if (buffered.includes('\n') && line) {
      const info = JSON.parse(line) as { baseUrl: string; token: string };
      return { ...info, stop: () => child.kill() };
    }
  }
  throw new Error('the demo service did not start');
}

export async function measureCommandLine(report: Report): Promise<void> {
  const node: number[] = [];
  const version: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    node.push((await runNode(['-e', '0'])).ms);
    const run = await runNode([BIN, '--version']);
    if (run.code !== 0 || !run.stdout.startsWith('assistant ')) {
      throw new Error(`assistant --version failed (exit ${run.code})`);
    }
    version.push(run.ms);
  }
  const ratio = median(version) / median(node);
  report.goal({
    name: 'CLI: assistant --version',
    figure: `${fmt(ratio, 2)}x node -e 0 (${fmt(median(version))} vs ${fmt(median(node))} ms)`,
    goal: '<= 1.3x',
    met: ratio <= 1.3,
  });
  report.detail(
    `CLI start-up, ${ROUNDS} alternating rounds: node -e 0 ${fmt(Math.min(...node))}–${fmt(Math.max(...node))} ms, --version ${fmt(Math.min(...version))}–${fmt(Math.max(...version))} ms (min–max: the spread is the machine's load).`,
  );

  const demo = await startDemoProcess();
  try {
    const env = {
      ...process.env,
      ASSISTANT_BASE_URL: demo.baseUrl,
      ASSISTANT_SESSION_TOKEN: demo.token,
      NO_COLOR: '1',
    };
    const peaks: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      const run = await runNode([BIN, 'status'], { env, measureMemory: true });
      if (run.code !== 0) throw new Error(`assistant status failed (exit ${run.code})`);
      peaks.push(run.maxRssBytes);
    }
    const peak = median(peaks);
    report.goal({
      name: 'CLI: assistant status peak memory',
      figure: `${fmt(peak / MIB, 1)} MiB max RSS`,
      goal: '<= 70 MiB',
      met: peak <= 70 * MIB,
    });
    report.detail(
      `assistant status max RSS over 7 runs: ${peaks.map((p) => fmt(p / MIB, 1)).join(', ')} MiB (against a demo service in another process).`,
    );
  } finally {
    demo.stop();
  }
}
