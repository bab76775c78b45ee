// The command line parser: what each command accepts, and the one-line errors for everything else.
import { describe, expect, it } from 'vitest';
import { parseCommandLine, type Parsed } from '../../../electron/cli/args';
import { COMMANDS } from '../../../electron/cli/commands/table';
import { checkedCommand } from '../../../electron/cli/run-input';

const DEAL = '4623f483-b85d-5178-8205-db9d660593ee';

function command(argv: string[]): Extract<Parsed, { kind: 'run' }> {
  const parsed = parseCommandLine(argv);
  if (parsed.kind !== 'run') throw new Error(`expected a command, got ${JSON.stringify(parsed)}`);
  return parsed;
}

function usageError(argv: string[]): string {
  const parsed = parseCommandLine(argv);
  if (parsed.kind !== 'usage-error') throw new Error(`expected a usage error, got ${parsed.kind}`);
  return parsed.message;
}

describe('commands', () => {
  it('reads every command with its arguments and options', () => {
    expect(command(['status']).command).toEqual({ name: 'status' });
    expect(command(['agents']).command).toEqual({ name: 'agents' });
    expect(command(['usage']).command).toEqual({ name: 'usage' });
    expect(
      command(['deals', '--search', ' acme ', '--limit', '5', '--offset', '0']).command,
    ).toEqual({
      name: 'deals',
      search: 'acme',
      limit: 5,
      offset: 0,
    });
    expect(command(['deal', DEAL]).command).toEqual({ name: 'deal', dealId: DEAL });
    expect(command(['briefing', 'Morning']).command).toEqual({ name: 'briefing', kind: 'morning' });
    expect(command(['runs', 'list', '--status', 'running', '--limit', '2']).command).toEqual({
      name: 'runs list',
      status: 'running',
      limit: 2,
    });
    expect(command(['runs', 'follow', 'r1']).command).toEqual({ name: 'runs follow', runId: 'r1' });
    expect(command(['runs', 'get', 'r1']).command).toEqual({ name: 'runs get', runId: 'r1' });
    expect(command(['runs', 'cancel', 'r1']).command).toEqual({ name: 'runs cancel', runId: 'r1' });
  });

  it('runs start checks and tidies the run input (run-input.ts, before anything is sent)', async () => {
    const parsed = command([
      'runs',
      'start',
      '--agent',
      ' sales.deal_coach ',
      '--deal',
      DEAL,
      '--message=-dash first',
      '--follow',
    ]);
    expect(await checkedCommand(parsed.command)).toEqual({
      name: 'runs start',
      follow: true,
      input: {
        agentId: 'sales.deal_coach',
        input: { message: '-dash first' },
        context: { dealId: DEAL },
      },
    });
  });

  it('global options go anywhere', () => {
    const parsed = command(['--json', '--base-url', 'http://x/api/v1/a', 'agents', '--no-color']);
    expect(parsed.globals).toEqual({ json: true, noColor: true, baseUrl: 'http://x/api/v1/a' });
  });

  it('an empty search or status means no filter', () => {
    expect(command(['deals', '--search', '  ']).command).toEqual({ name: 'deals' });
    expect(command(['runs', 'list', '--status', '']).command).toEqual({ name: 'runs list' });
  });
});

describe('help and version', () => {
  it('--help anywhere gives the deepest command’s help', () => {
    const start = parseCommandLine(['runs', 'start', '--help']);
    expect(start).toMatchObject({ kind: 'help', exitCode: 0 });
    expect(start.kind === 'help' && start.text).toContain('Usage: assistant runs start');
    const group = parseCommandLine(['runs', '-h']);
    expect(group.kind === 'help' && group.text).toContain('Usage: assistant runs <');
    const all = parseCommandLine(['--help']);
    expect(all.kind === 'help' && all.text).toContain('Exit codes:');
    expect(parseCommandLine(['help', 'deal'])).toMatchObject({ kind: 'help', exitCode: 0 });
  });

  it('no command at all is help on stderr with exit 2', () => {
    expect(parseCommandLine([])).toMatchObject({ kind: 'help', exitCode: 2 });
  });

  it('--version', () => {
    expect(parseCommandLine(['--version'])).toEqual({ kind: 'version' });
  });

  it('every command has help that names its usage', () => {
    for (const spec of COMMANDS) {
      const parsed = parseCommandLine([...spec.path, '--help']);
      expect(parsed.kind === 'help' && parsed.text).toContain(`assistant ${spec.path.join(' ')}`);
    }
  });
});

describe('usage errors', () => {
  it.each([
    [['nope'], 'unknown command "nope"'],
    [
      ['runs', 'explode'],
      'unknown command "runs explode" (runs commands: list, start, follow, get, cancel)',
    ],
    [['runs'], '"runs" needs a command: list, start, follow, get, cancel'],
    [['deals', '-x'], 'unknown option -x'],
    [['deals', '--limit', '0'], '--limit must be a whole number of at least 1 (got "0")'],
    [
      ['deals', '--offset', '-1'],
      '--offset needs a value; a value starting with "-" is written --offset=VALUE',
    ],
    [['deals', '--offset=-1'], '--offset must be a whole number of at least 0 (got "-1")'],
    [['deals', '--limit', '1.5'], '--limit must be a whole number of at least 1 (got "1.5")'],
    [['status', '--follow'], '--follow does not apply to "status"'],
    [['runs', 'list', '--search', 'x'], '--search does not apply to "runs list"'],
    [['runs', 'get'], '"runs get" needs ID'],
    [['runs', 'get', ' '], '"runs get" needs a run ID'],
    [['deal', 'a', 'b'], 'unexpected argument "b" for "deal"'],
    [['runs', 'start', '--message', 'hi'], '"runs start" needs --agent, --deal'],
    [['--json=1', 'status'], '--json takes no value'],
  ])('%j', (argv, message) => {
    expect(usageError(argv)).toBe(message);
  });

  it('refuses a token on the command line without repeating it', () => {
    for (const argv of [
      ['status', '--token', 'abc123'],
      ['--token=abc123', 'status'],
      ['status', '--session-token', 'abc123'],
    ]) {
      const message = usageError(argv);
      expect(message).toMatch(
        /^--(session-)?token is not accepted: .*process list.*ASSISTANT_SESSION_TOKEN/,
      );
      expect(message).not.toContain('abc123');
    }
    // After `--` it is just text, and the command then refuses the extra argument.
    expect(usageError(['status', '--', '--token'])).toBe(
      'unexpected argument "--token" for "status"',
    );
  });

  it('suggests the right help', () => {
    const parsed = parseCommandLine(['deals', '--limit', 'x']);
    expect(parsed).toMatchObject({ kind: 'usage-error', helpCommand: 'assistant deals --help' });
    expect(parseCommandLine(['bogus'])).toMatchObject({ helpCommand: 'assistant --help' });
  });
});

describe('run input refused before anything is sent', () => {
  it.each([
    [['--agent', 'coach', '--deal', DEAL, '--message', 'x'], 'agentId'],
    [['--agent', 'a.b', '--deal', DEAL, '--message', '  '], 'input.message'],
    [['--agent', 'a.b', '--deal', '42', '--message', 'x'], 'context.dealId'],
  ])('%j → invalid_input on %s', async (options, field) => {
    const parsed = parseCommandLine(['runs', 'start', ...options]);
    if (parsed.kind !== 'run') throw new Error(`not a run: ${parsed.kind}`);
    await expect(checkedCommand(parsed.command)).rejects.toMatchObject({
      kind: 'invalid_input',
      field,
    });
  });
});
