// The output layer and the follow printer: the token never printed, a closed pipe handled
// quietly, and a followed run's text on stdout exactly as streamed with status lines on stderr.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { FollowItem, RunEvent } from '../../../electron/core/stream/events';
import { FollowPrinter } from '../../../electron/cli/follow-printer';
import { Output } from '../../../electron/cli/output';

class MemoryStream extends EventEmitter {
  text = '';
  constructor(
    readonly isTTY = false,
    readonly columns?: number,
  ) {
    super();
  }
  write(chunk: string, callback?: (error?: Error | null) => void): boolean {
    this.text += chunk;
    callback?.();
    return true;
  }
}

function setup(tty = false, env: Record<string, string> = {}) {
  const stdout = new MemoryStream(tty, 80);
  const stderr = new MemoryStream(tty, 80);
  const output = new Output({ stdout, stderr, env });
  return { stdout, stderr, output };
}

const event = (e: RunEvent): FollowItem => ({ type: 'event', event: e, position: '1' });

describe('Output', () => {
  it('cuts every secret out of stdout and stderr', () => {
    const { stdout, stderr, output } = setup();
    output.addSecret('tok-secret-123');
    output.out('value tok-secret-123 here\n');
    output.errLine('error for tok-secret-123');
    expect(stdout.text).toBe('value [redacted] here\n');
    expect(stderr.text).toBe('error for [redacted]\n');
  });

  it('a closed pipe stops stdout quietly and tells the listener once', () => {
    const { stdout, output } = setup();
    let closed = 0;
    output.onStdoutClosed(() => (closed += 1));
    output.out('first\n');
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    stdout.emit('error', epipe);
    stdout.emit('error', epipe);
    output.out('second\n');
    expect(stdout.text).toBe('first\n');
    expect(output.stdoutClosed).toBe(true);
    expect(closed).toBe(1);
  });

  it('colours only on a terminal without NO_COLOR; width only on a terminal', () => {
    expect(setup(true).output.outStyle.enabled).toBe(true);
    expect(setup(true).output.columns).toBe(80);
    expect(setup(true, { NO_COLOR: '1' }).output.outStyle.enabled).toBe(false);
    expect(setup(false).output.outStyle.enabled).toBe(false);
    expect(setup(false).output.columns).toBeUndefined();
  });

  it('flush resolves once both streams took everything', async () => {
    const { output } = setup();
    await expect(output.flush()).resolves.toBeUndefined();
  });
});

describe('FollowPrinter', () => {
  const texts = ['Hel', 'lo', ' wor', 'ld\n\nBye', ' 🎉'];

  function follow(tty: boolean, json: boolean, items: FollowItem[]) {
    // Colour is tested above; here the text itself matters.
    const { stdout, stderr, output } = setup(tty, { NO_COLOR: '1' });
    const printer = new FollowPrinter(output, json, 'run-1');
    for (const item of items) printer.take(item);
    const outcome = printer.finish();
    return { stdout: stdout.text, stderr: stderr.text, outcome };
  }

  const succeeded: FollowItem[] = [
    { type: 'connection', state: 'connecting', attempt: 0 },
    { type: 'connection', state: 'open', attempt: 0 },
    event({ type: 'status', status: 'created' }),
    event({ type: 'status', status: 'running' }),
    event({ type: 'status', status: 'running' }),
    ...texts.map((text) => event({ type: 'output', text })),
    event({ type: 'status', status: 'succeeded' }),
    event({
      type: 'final',
      status: 'succeeded',
      usage: { inputTokens: 1200, outputTokens: 34 },
    }),
  ];

  it('writes the text exactly on stdout (piped), statuses once each on stderr', () => {
    const result = follow(false, false, succeeded);
    expect(result.stdout).toBe(texts.join(''));
    expect(result.stderr).toBe(
      'status: created\nstatus: running\nstatus: succeeded (tokens: 1,200 input, 34 output)\n',
    );
    expect(result.outcome).toEqual({ succeeded: true });
  });

  it('on a terminal, ends an unfinished last line and keeps status lines off the text line', () => {
    const items: FollowItem[] = [
      event({ type: 'output', text: 'partial' }),
      { type: 'connection', state: 'retrying', attempt: 1, delayMs: 2000, reason: 'reset' },
      { type: 'connection', state: 'open', attempt: 0 },
      event({ type: 'output', text: ' more\u001b[2J' }),
      event({ type: 'final', status: 'completed' }),
    ];
    const result = follow(true, false, items);
    expect(result.stdout).toBe('partial more\uFFFD[2J\n');
    expect(result.stderr).toBe(
      '\nconnection lost (reset); reconnecting in 2.0 s, attempt 1\n' +
        'reconnected; resuming where the stream stopped\n' +
        'status: completed\n',
    );
  });

  it('a failed run: one outcome line even when the error came twice', () => {
    const error = { code: 'agent_failed', message: 'The agent stopped.' };
    const result = follow(false, false, [
      event({ type: 'output', text: 'Half' }),
      event({ type: 'status', status: 'failed' }),
      event({ type: 'error', ...error }),
      event({ type: 'final', status: 'failed', error, usage: { outputTokens: 2 } }),
    ]);
    expect(result.stdout).toBe('Half');
    expect(result.stderr).toBe(
      'status: failed (tokens: 2 output)\n' +
        'assistant: The agent stopped. (code agent_failed, run run-1)\n',
    );
    expect(result.outcome).toEqual({ succeeded: false });
  });

  it('an error the run goes on after is shown where it happened', () => {
    const result = follow(false, false, [
      event({ type: 'error', code: 'tool_failed', message: 'A tool failed.' }),
      event({ type: 'output', text: 'Carrying on' }),
      event({ type: 'final', status: 'cancelled' }),
    ]);
    expect(result.stderr).toBe(
      'run error: A tool failed. (code tool_failed)\n' +
        'status: cancelled\n' +
        'assistant: The run ended with status cancelled. (run run-1)\n',
    );
    expect(result.outcome).toEqual({ succeeded: false });
  });

  it('--json: every event as one JSON line on stdout; stderr only for trouble', () => {
    const result = follow(false, true, succeeded);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as RunEvent);
    expect(
      lines.filter((e) => e.type === 'output').map((e) => (e as { text: string }).text),
    ).toEqual(texts);
    expect(lines.at(-1)).toMatchObject({ type: 'final', status: 'succeeded' });
    expect(result.stderr).toBe('');
  });

  it('stops at an expired session', () => {
    const { output } = setup();
    const printer = new FollowPrinter(output, false, 'run-1');
    expect(
      printer.take({
        type: 'connection',
        state: 'session_expired',
        attempt: 0,
        reason: 'Expired.',
      }),
    ).toBe('stop');
    expect(printer.sessionExpired).toBe('Expired.');
    expect(printer.finish()).toBeUndefined();
  });
});
