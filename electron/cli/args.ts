// The command line, parsed strictly with node:util parseArgs: a typo is a clear one-line error
// (exit 2), never a silently ignored flag. Everything a run needs is checked here too, so bad
// input is refused before any connection is made. The few value checks are plain code, not zod:
// this module loads on every start (`--version` included), and zod alone would double that time.
// For the same reason a run's details (agent, deal, message) are checked by run-input.ts, whose
// messages need core's words and so the catalogues.
import type { CreateRunInput } from '../core/api';
import {
  GLOBAL_OPTIONS,
  GROUPS,
  OPTION_TYPES,
  REFUSED_TOKEN_OPTIONS,
  commandName,
  findCommand,
  groupCommands,
  type CommandSpec,
  type OptionName,
} from './commands/table';
import { oneLine, truncate } from './format/text';
import { globalHelp, helpCommandFor, helpFor } from './help';

export interface Globals {
  json: boolean;
  noColor: boolean;
  baseUrl: string | undefined;
}

export type Command =
  | { name: 'status' }
  | { name: 'agents' }
  | { name: 'usage' }
  | { name: 'deals'; search?: string; limit?: number; offset?: number }
  | { name: 'deal'; dealId: string }
  | { name: 'briefing'; kind: 'morning' | 'meeting' }
  | { name: 'runs list'; limit?: number; offset?: number; status?: string }
  | { name: 'runs start'; input: CreateRunInput; follow: boolean }
  | { name: 'runs follow'; runId: string }
  | { name: 'runs get'; runId: string }
  | { name: 'runs cancel'; runId: string };

export type Parsed =
  | { kind: 'help'; text: string; exitCode: 0 | 2 }
  | { kind: 'version' }
  | { kind: 'run'; command: Command; globals: Globals }
  | { kind: 'usage-error'; message: string; helpCommand: string };

class UsageError extends Error {
  constructor(
    message: string,
    readonly helpCommand: string,
  ) {
    super(message);
  }
}

// Not `import { parseArgs } from 'node:util'`: an ES import of a built-in module builds its whole
// namespace, which for node:util costs about a fifth of Node's own start-up (measured: `--version`
// 1.2x `node -e 0` with it). Taking the module object as CommonJS code does is nearly free.
const { parseArgs } = process.getBuiltinModule('node:util');

const shown = (value: string): string => JSON.stringify(truncate(oneLine(value), 40));

const COUNT_MIN = { limit: 1, offset: 0 } as const;

function readCount(
  name: 'limit' | 'offset',
  value: string | undefined,
  help: string,
): number | undefined {
  if (value === undefined) return undefined;
  const min = COUNT_MIN[name];
  const digits = value.trim();
  const parsed = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min) {
    throw new UsageError(
      `--${name} must be a whole number of at least ${min} (got ${shown(value)})`,
      help,
    );
  }
  return parsed;
}

/** A non-empty text option, trimmed; empty means "not given" for filters. */
function readFilter(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function refusedTokenOption(argv: readonly string[]): string | undefined {
  for (const arg of argv) {
    if (arg === '--') return undefined;
    for (const name of REFUSED_TOKEN_OPTIONS) {
      if (arg === `--${name}` || arg.startsWith(`--${name}=`)) return `--${name}`;
    }
  }
  return undefined;
}

type ParsedArgs = ReturnType<typeof parseStrict>;

function parseStrict(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: OPTION_TYPES,
    strict: true,
    allowPositionals: true,
    tokens: true,
  });
}

/** Node's parse errors, reworded to one line; the option is named, a value never echoed. */
function parseErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/ambiguous/.test(message)) {
        return `${option} needs a value; a value starting with "-" is written ${option}=VALUE`;
      }
      if (/does not take an argument/.test(message)) return `${option} takes no value`;
      return `${option} needs a value`;
    default:
      return oneLine(message.split('\n')[0] ?? message);
  }
}

function resolveCommand(
  positionals: readonly string[],
  wantsHelp: boolean,
): { spec: CommandSpec; rest: string[] } | Parsed {
  const [first, second] = positionals;
  if (first === undefined) {
    return { kind: 'help', text: globalHelp(), exitCode: wantsHelp ? 0 : 2 };
  }
  if (first === 'help') {
    const topic = positionals.slice(1);
    const text = helpFor(topic);
    if (text === undefined) {
      throw new UsageError(
        `no help for ${shown(topic.join(' '))}: unknown command`,
        'assistant --help',
      );
    }
    return { kind: 'help', text, exitCode: 0 };
  }
  if (GROUPS[first] !== undefined) {
    const words = groupCommands(first).map((c) => c.path[1]);
    if (second === undefined) {
      if (wantsHelp) return { kind: 'help', text: helpFor([first]) ?? globalHelp(), exitCode: 0 };
      throw new UsageError(
        `"${first}" needs a command: ${words.join(', ')}`,
        `assistant ${first} --help`,
      );
    }
    const spec = findCommand([first, second]);
    if (spec === undefined) {
      throw new UsageError(
        `unknown command "${first} ${truncate(oneLine(second), 40)}" (${first} commands: ${words.join(', ')})`,
        `assistant ${first} --help`,
      );
    }
    return { spec, rest: positionals.slice(2) };
  }
  const spec = findCommand([first]);
  if (spec === undefined) {
    throw new UsageError(`unknown command ${shown(first)}`, 'assistant --help');
  }
  return { spec, rest: positionals.slice(1) };
}

function checkOptions(spec: CommandSpec, tokens: ParsedArgs['tokens'], help: string): void {
  const allowed = new Set<string>([...GLOBAL_OPTIONS, ...spec.options.map((o) => o.name)]);
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (!allowed.has(token.name)) {
      throw new UsageError(`--${token.name} does not apply to "${commandName(spec)}"`, help);
    }
  }
}

function checkPositionals(spec: CommandSpec, rest: readonly string[], help: string): void {
  if (rest.length > spec.args.length) {
    const extra = rest[spec.args.length] ?? '';
    throw new UsageError(`unexpected argument ${shown(extra)} for "${commandName(spec)}"`, help);
  }
  if (rest.length < spec.args.length) {
    const missing = spec.args[rest.length] ?? '';
    throw new UsageError(`"${commandName(spec)}" needs ${missing}`, help);
  }
}

type Values = ParsedArgs['values'];

function buildCommand(
  spec: CommandSpec,
  rest: readonly string[],
  values: Values,
  help: string,
): Command {
  const name = commandName(spec);
  const arg = rest[0] ?? '';
  switch (name) {
    case 'status':
    case 'agents':
    case 'usage':
      return { name };
    case 'deals': {
      const command: Command = { name };
      const search = readFilter(values.search);
      const limit = readCount('limit', values.limit, help);
      const offset = readCount('offset', values.offset, help);
      if (search !== undefined) command.search = search;
      if (limit !== undefined) command.limit = limit;
      if (offset !== undefined) command.offset = offset;
      return command;
    }
    case 'deal':
      if (arg.trim() === '') throw new UsageError('"deal" needs a deal ID', help);
      return { name, dealId: arg.trim() };
    case 'briefing': {
      const kind = arg.trim().toLowerCase();
      if (kind !== 'morning' && kind !== 'meeting') {
        throw new UsageError(`"briefing" takes morning or meeting, not ${shown(arg)}`, help);
      }
      return { name, kind };
    }
    case 'runs list': {
      const command: Command = { name };
      const limit = readCount('limit', values.limit, help);
      const offset = readCount('offset', values.offset, help);
      const status = readFilter(values.status);
      if (limit !== undefined) command.limit = limit;
      if (offset !== undefined) command.offset = offset;
      if (status !== undefined) command.status = status;
      return command;
    }
    case 'runs start': {
      const missing = (['agent', 'deal', 'message'] as const).filter(
        (o) => values[o] === undefined,
      );
      if (missing.length > 0) {
        throw new UsageError(`"runs start" needs ${missing.map((o) => `--${o}`).join(', ')}`, help);
      }
      // Not checked yet: run-input.ts does, before anything is sent.
      const input: CreateRunInput = {
        agentId: values.agent ?? '',
        input: { message: values.message ?? '' },
        context: { dealId: values.deal ?? '' },
      };
      return { name, input, follow: values.follow === true };
    }
    case 'runs follow':
    case 'runs get':
    case 'runs cancel':
      if (arg.trim() === '') throw new UsageError(`"${name}" needs a run ID`, help);
      return name === 'runs follow'
        ? { name, runId: arg.trim() }
        : name === 'runs get'
          ? { name, runId: arg.trim() }
          : { name, runId: arg.trim() };
    default:
      throw new UsageError(`unknown command "${name}"`, 'assistant --help');
  }
}

export function parseCommandLine(argv: readonly string[]): Parsed {
  try {
    const refused = refusedTokenOption(argv);
    if (refused !== undefined) {
      throw new UsageError(
        `${refused} is not accepted: a token on the command line is visible to every user of ` +
          'this machine in the process list; set ASSISTANT_SESSION_TOKEN in the environment instead',
        'assistant --help',
      );
    }
    let parsed: ParsedArgs;
    try {
      parsed = parseStrict(argv);
    } catch (error) {
      throw new UsageError(parseErrorMessage(error), 'assistant --help');
    }
    const { values, positionals, tokens } = parsed;
    const wantsHelp = values.help === true;
    if (values.version === true && !wantsHelp) return { kind: 'version' };

    const resolved = resolveCommand(positionals, wantsHelp);
    if ('kind' in resolved) return resolved;
    const { spec, rest } = resolved;
    const help = helpCommandFor(spec.path);
    if (wantsHelp) return { kind: 'help', text: helpFor(spec.path) ?? globalHelp(), exitCode: 0 };
    checkOptions(spec, tokens, help);
    checkPositionals(spec, rest, help);
    const command = buildCommand(spec, rest, values, help);
    const globals: Globals = {
      json: values.json === true,
      noColor: values['no-color'] === true,
      baseUrl: values['base-url'],
    };
    return { kind: 'run', command, globals };
  } catch (error) {
    if (error instanceof UsageError) {
      return { kind: 'usage-error', message: error.message, helpCommand: error.helpCommand };
    }
    throw error;
  }
}

export type { OptionName };
