// `assistant runs start|follow|cancel` against the demo service over real HTTP: the followed text
// on stdout is the run's output byte for byte, status lines stay on stderr, and the exit code
// says how the run ended (0 succeeded, 1 failed or cancelled, 130 Ctrl-C).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DemoService } from '../../../electron/demo-service';
import {
  cli,
  serviceEnv,
  spawnCli,
  startedRunId,
  startService,
  type CliResult,
  type SpawnOptions,
} from './support';

let service: DemoService;
let dealId: string;

beforeAll(async () => {
  service = await startService();
  dealId = service.control.deals()[0]?.id ?? '';
});

afterEach(() => {
  service.control.setPacing('instant');
});

afterAll(async () => {
  await service.stop();
});

function noToken(result: { stdout: string; stderr: string }): void {
  expect(result.stdout).not.toContain(service.token);
  expect(result.stderr).not.toContain(service.token);
}

async function run(args: string[], options?: SpawnOptions): Promise<CliResult> {
  const result = await cli(service, args, options);
  noToken(result);
  return result;
}

const start = (message: string, ...extra: string[]): string[] => [
  'runs',
  'start',
  '--agent',
  'sales.deal_coach',
  '--deal',
  dealId,
  '--message',
  message,
  ...extra,
];

describe('runs start', () => {
  it('--json prints the created run, which exists on the service', async () => {
    const result = await run(start('What next?', '--json'));
    expect(result.code, result.stderr).toBe(0);
    const created = JSON.parse(result.stdout) as { runId: string; status: string; agentId: string };
    expect(created).toMatchObject({ status: 'created', agentId: 'sales.deal_coach' });
    expect(service.control.getRun(created.runId)?.input).toEqual({ message: 'What next?' });
    expect(result.stderr).toBe('');
  });

  it('prints the run id and how to follow it', async () => {
    const result = await run(start('Hello'));
    expect(result.code, result.stderr).toBe(0);
    const runId = /^Run started: (\S+)$/m.exec(result.stdout)?.[1] ?? '';
    expect(service.control.getRun(runId)).toBeDefined();
    expect(result.stdout).toContain(`Follow it: assistant runs follow ${runId}`);
  });

  it('--follow streams exactly the run’s output to stdout, status lines to stderr', async () => {
    const result = await run(start('Prepare me for the call', '--follow'));
    expect(result.code, result.stderr).toBe(0);
    const runId = startedRunId(result.stderr) ?? '';
    const record = await service.control.waitForRun(runId);
    expect(record.status).toBe('succeeded');
    expect(result.stdout.length).toBeGreaterThan(200);
    expect(result.stdout).toBe(service.control.runOutput(runId));
    expect(result.stderr).toContain('status: running\n');
    expect(result.stderr).toContain(
      `status: succeeded (tokens: ${record.usage.inputTokens} input, ${record.usage.outputTokens} output)\n`,
    );
    expect(result.stdout).not.toMatch(/status: /);
  });

  it('--follow --json prints one JSON event per line', async () => {
    const result = await run(start('Summarise', '--follow', '--json'));
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const first = lines[0] as { type: string; run: { runId: string } };
    expect(first.type).toBe('run');
    const runId = first.run.runId;
    const text = lines
      .filter((event) => event.type === 'output')
      .map((event) => event.text)
      .join('');
    expect(text).toBe(service.control.runOutput(runId));
    expect(lines.filter((event) => event.type === 'status').map((e) => e.status)).toContain(
      'running',
    );
    expect(lines.at(-1)).toMatchObject({ type: 'final', status: 'succeeded' });
    expect(result.stderr).toBe('');
  });

  it('a failed run exits 1 with the failure on stderr; the partial text is on stdout', async () => {
    const result = await run(start('Please fail #fail', '--follow'));
    expect(result.code).toBe(1);
    const runId = startedRunId(result.stderr) ?? '';
    const record = service.control.getRun(runId);
    expect(record?.status).toBe('failed');
    expect(result.stdout).toBe(service.control.runOutput(runId));
    expect(result.stderr).toMatch(/^status: failed \(tokens: /m);
    expect(result.stderr).toMatch(
      new RegExp(
        `^assistant: The agent stopped unexpectedly.*\\(code agent_failed, run ${runId}\\)$`,
        'm',
      ),
    );
  });
});

describe('runs follow', () => {
  it('replays a finished run’s whole output', async () => {
    const created = JSON.parse((await run(start('Again', '--json'))).stdout) as { runId: string };
    await service.control.waitForRun(created.runId);
    const result = await run(['runs', 'follow', created.runId]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(service.control.runOutput(created.runId));
  });

  it('a run cancelled while followed exits 1', async () => {
    service.control.setPacing(20);
    const follow = spawnCli(start('Slow one', '--follow'), { env: serviceEnv(service) });
    await follow.waitFor(({ stdout }) => stdout.length > 0);
    const runId = startedRunId(follow.stderr) ?? '';
    const cancel = await run(['runs', 'cancel', runId]);
    expect(cancel.code, cancel.stderr).toBe(0);
    expect(cancel.stdout).toBe(`Cancelled run ${runId}.\n`);
    const result = await follow.done;
    noToken(result);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^status: cancelled/m);
    expect(result.stderr).toContain(`(run ${runId})`);
    expect(result.stdout).toBe(service.control.runOutput(runId));
  });

  // POSIX only: Windows has no SIGINT to send; kill() ends a process at once, and Ctrl-C reaches
  // a console program as a console event, which a test cannot raise for a child without a console.
  it.skipIf(process.platform === 'win32')(
    'Ctrl-C stops following with 130 and leaves the run going',
    async () => {
      service.control.setPacing(20);
      const follow = spawnCli(start('Long one', '--follow'), { env: serviceEnv(service) });
      await follow.waitFor(({ stdout }) => stdout.length > 0);
      const runId = startedRunId(follow.stderr) ?? '';
      follow.child.kill('SIGINT');
      const result = await follow.done;
      noToken(result);
      expect(result.code).toBe(130);
      expect(result.stderr).toContain(`To cancel it: assistant runs cancel ${runId}`);
      expect(service.control.getRun(runId)?.status).toBe('running');
      expect(service.control.runOutput(runId)?.startsWith(result.stdout)).toBe(true);
      await run(['runs', 'cancel', runId]);
    },
  );

  it('a reader that goes away (EPIPE) ends the command quietly', async () => {
    service.control.setPacing(40);
    const follow = spawnCli(start('Piped', '--follow'), { env: serviceEnv(service) });
    await follow.waitFor(({ stdout }) => stdout.length > 0);
    follow.child.stdout.destroy();
    const result = await follow.done;
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/EPIPE|Error|at /);
  });
});

describe('dropped connections and sessions', () => {
  it('resumes after the stream drops mid-run: stdout is still the exact output', async () => {
    service.control.cutNextStreams({ afterEvents: 40, count: 2, mode: 'destroy' });
    try {
      const result = await run(start('Survive drops', '--follow'));
      expect(result.code, result.stderr).toBe(0);
      const runId = startedRunId(result.stderr) ?? '';
      expect(result.stdout).toBe(service.control.runOutput(runId));
      expect(result.stderr).toMatch(/^connection lost.*; reconnecting in [\d.]+ s, attempt 1$/m);
      expect(result.stderr).toContain('reconnected; resuming where the stream stopped');
    } finally {
      service.control.clearFaults();
    }
  });

  it('a session that expires while following exits 3 and says how to pick the run up', async () => {
    const token = service.control.createSession();
    service.control.setPacing(20);
    // The follower's first stream is cut after a few events; while it waits to reconnect (the
    // service asks for 2 s), the session expires.
    service.control.cutNextStreams({ afterEvents: 8, count: 1, mode: 'destroy' });
    const follow = spawnCli(start('Expire me', '--follow'), { env: serviceEnv(service, token) });
    await follow.waitFor(({ stderr }) => /^connection lost/m.test(stderr));
    service.control.expireSession(token);
    const result = await follow.done;
    noToken(result);
    expect(result.stdout.length).toBeGreaterThan(0);
    const runId = startedRunId(result.stderr) ?? '';
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      new RegExp(
        `assistant runs follow ${runId}\`? picks it up again\\. \\(code session_expired\\)$`,
        'm',
      ),
    );
    expect(service.control.runOutput(runId)?.startsWith(result.stdout)).toBe(true);
    await run(['runs', 'cancel', runId]);
  });
});

describe('embedded demo service', () => {
  it('without a base URL, starts the embedded demo and says so on stderr', async () => {
    const result = await cli(undefined, ['status', '--json'], { env: {} });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^assistant: Using the embedded demo service/);
    expect(JSON.parse(result.stdout)).toMatchObject({ environment: 'demo' });
  });
});

describe('runs cancel', () => {
  it('--json prints the cancelled record; a finished run cannot be cancelled (exit 4)', async () => {
    service.control.setPacing(5);
    const created = JSON.parse((await run(start('Cancel me', '--json'))).stdout) as {
      runId: string;
    };
    const cancelled = await run(['runs', 'cancel', created.runId, '--json']);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(JSON.parse(cancelled.stdout)).toMatchObject({
      runId: created.runId,
      status: 'cancelled',
    });
    const again = await run(['runs', 'cancel', created.runId]);
    expect(again.code).toBe(4);
    expect(again.stderr).toMatch(
      /^assistant: .*\(code run_not_cancellable, request req_[\w-]+\)\n$/,
    );
  });
});
