// The `assistant` command as a function of its inputs (arguments, environment, two output
// streams, an interrupt signal) to an exit code, so tests can run it in-process as well as
// through a real child process. main.ts wires it to the process.
//
// Only parsing and printing load up front: the commands, the API client, zod, core's words (the
// catalogues and FormatJS) and the embedded demo service are imported when a command runs (the
// build splits them into chunks), so `--version`, `--help` and usage errors start about as fast
// as Node itself. test/build/cli-startup-graph.test.ts holds the built start-up path to that.
import { APP_VERSION } from '../core/app-version';
import { AssistantError } from '../core/assistant-error';
import { parseCommandLine, type Command } from './args';
import type { CommandContext, CommandResult } from './commands/context';
import type { Connection } from './connection';
import { ENV_TOKEN } from './environment';
import { EXIT, exitCodeFor, type ExitCode } from './exit-codes';
import { errorLine, PROGRAM, usageLine } from './format/errors';
import { Output, type WritableLike } from './output';
import { checkedCommand } from './run-input';

const FLUSH_LIMIT_MS = 2_000;

export interface CliDeps {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  stdout: WritableLike;
  stderr: WritableLike;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
}

async function dispatch(command: Command, ctx: CommandContext): CommandResult {
  if (
    command.name === 'runs start' ||
    command.name === 'runs follow' ||
    command.name === 'runs cancel'
  ) {
    const runs = await import('./commands/runs');
    if (command.name === 'runs start') return runs.runsStart(ctx, command);
    if (command.name === 'runs follow') return runs.runsFollow(ctx, command);
    return runs.runsCancel(ctx, command);
  }
  const read = await import('./commands/read');
  switch (command.name) {
    case 'status':
      return read.status(ctx);
    case 'agents':
      return read.agents(ctx);
    case 'deals':
      return read.deals(ctx, command);
    case 'deal':
      return read.deal(ctx, command);
    case 'briefing':
      return read.briefing(ctx, command);
    case 'runs list':
      return read.runsList(ctx, command);
    case 'runs get':
      return read.runsGet(ctx, command);
    case 'usage':
      return read.usage(ctx);
  }
}

/** Anything thrown, as an AssistantError; our own bugs are reported as such, not as network trouble. */
async function asAssistantError(thrown: unknown): Promise<AssistantError> {
  if (thrown instanceof AssistantError) return thrown;
  // Its messages need core's words: loaded only when something failed.
  const { toAssistantError } = await import('../core/errors');
  const error = toAssistantError(thrown);
  if (error.kind !== 'internal') return error;
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new AssistantError({
    kind: 'internal',
    message: `Unexpected error in the assistant command: ${message}`,
    retryable: false,
    cause: thrown,
  });
}

async function runCommand(
  command: Command,
  json: boolean,
  baseUrl: string | undefined,
  deps: CliDeps,
  output: Output,
): Promise<ExitCode> {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  if (deps.signal.aborted) abort();
  deps.signal.addEventListener('abort', abort, { once: true });
  // Nobody reads stdout any more (`| head`): stop quietly; a followed run goes on regardless.
  output.onStdoutClosed(abort);

  let connection: Connection | undefined;
  try {
    // Bad input is refused before anything is sent, or even a demo service started.
    const checked = await checkedCommand(command);
    const { connect, resolveTarget } = await import('./connection');
    const { readCliPolicy } = await import('./policy');
    const target = resolveTarget(baseUrl, deps.env, await readCliPolicy(deps.env));
    if (target.kind === 'embedded') {
      output.errLine(
        `${PROGRAM}: Using the embedded demo service (set ASSISTANT_BASE_URL or --base-url to use yours).`,
      );
    }
    connection = await connect(target);
    output.addSecret(connection.token);
    return await dispatch(checked, { output, connection, json, signal: controller.signal });
  } catch (thrown) {
    if (output.stdoutClosed) return EXIT.ok;
    const error = await asAssistantError(thrown);
    if (error.kind === 'aborted' && controller.signal.aborted) {
      output.errLine(`${PROGRAM}: interrupted`);
      return EXIT.interrupted;
    }
    output.errLine(errorLine(error));
    return exitCodeFor(error);
  } finally {
    deps.signal.removeEventListener('abort', abort);
    await connection?.close();
  }
}

function withLimit(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
    void promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export async function runCli(deps: CliDeps): Promise<ExitCode> {
  const parsed = parseCommandLine(deps.argv);
  const output = new Output({
    stdout: deps.stdout,
    stderr: deps.stderr,
    env: deps.env,
    noColor: parsed.kind === 'run' && parsed.globals.noColor,
  });
  output.addSecret(deps.env[ENV_TOKEN]);

  let code: ExitCode;
  switch (parsed.kind) {
    case 'help':
      if (parsed.exitCode === 0) output.out(parsed.text);
      else output.err(parsed.text);
      code = parsed.exitCode;
      break;
    case 'version':
      output.out(`assistant ${APP_VERSION}\n`);
      code = EXIT.ok;
      break;
    case 'usage-error':
      output.errLine(usageLine(parsed.message, parsed.helpCommand));
      code = EXIT.usage;
      break;
    case 'run':
      code = await runCommand(
        parsed.command,
        parsed.globals.json,
        parsed.globals.baseUrl,
        deps,
        output,
      );
      break;
  }
  // The last lines must reach the pipe before the process exits, but a stuck pipe must not
  // keep the command alive.
  await withLimit(output.flush(), FLUSH_LIMIT_MS);
  return code;
}
