// Help texts, built from the command table so they cannot drift from what the parser accepts.
import { APP_VERSION } from '../core/app-version';
import {
  COMMANDS,
  GROUPS,
  commandName,
  findCommand,
  groupCommands,
  type CommandSpec,
  type OptionHelp,
} from './commands/table';
import { EXIT_CODES_HELP } from './exit-codes';

function optionUsage(option: OptionHelp): string {
  const text = option.value === undefined ? `--${option.name}` : `--${option.name} ${option.value}`;
  return option.required === true ? text : `[${text}]`;
}

export function usageOf(spec: CommandSpec): string {
  return ['assistant', ...spec.path, ...spec.args, ...spec.options.map(optionUsage)].join(' ');
}

function synopsis(spec: CommandSpec): string {
  return [...spec.path, ...spec.args, ...spec.options.map(optionUsage)].join(' ');
}

function optionLines(options: readonly OptionHelp[]): string {
  const labels = options.map((o) =>
    o.value === undefined ? `--${o.name}` : `--${o.name} ${o.value}`,
  );
  const width = Math.max(...labels.map((l) => l.length));
  return options.map((o, i) => `  ${(labels[i] ?? '').padEnd(width)}  ${o.text}`).join('\n');
}

const GLOBAL_OPTIONS_HELP = `Options for every command:
  --base-url URL  the service's base URL, ending in /api/v1/<service>
                  (default: $ASSISTANT_BASE_URL; with neither, an embedded demo
                  service is started for this one command)
  --json          print the payload as JSON (runs follow / start --follow:
                  one JSON event per line)
  --no-color      no colours (also when NO_COLOR is set or output is not a terminal)
  -h, --help      help, also for one command: assistant runs start --help
  --version       print the version`;

const ENVIRONMENT_HELP = `Environment:
  ASSISTANT_BASE_URL       the service's base URL, like --base-url
  ASSISTANT_SESSION_TOKEN  your session token (the value of the sb-access-token
                           cookie). Read only from the environment, never from a
                           flag: a flag is visible to every user of this machine
                           in the process list. Without a base URL it is ignored.
  NO_COLOR                 set to anything to turn colours off`;

const HELP_WIDTH = 80;
const SUMMARY_COLUMN = 30;

/** Word-wraps `text` to the help width, every line starting at `column`. */
function wrapAt(text: string, column: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && column + line.length + 1 + word.length > HELP_WIDTH) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

function commandLine(spec: CommandSpec): string {
  const head = `  ${synopsis(spec)}`;
  const summary = wrapAt(spec.summary, SUMMARY_COLUMN).map((l) => ' '.repeat(SUMMARY_COLUMN) + l);
  if (head.length + 2 <= SUMMARY_COLUMN) {
    summary[0] = head.padEnd(SUMMARY_COLUMN) + (summary[0] ?? '').trimStart();
    return summary.join('\n');
  }
  return [head, ...summary].join('\n');
}

export function globalHelp(): string {
  const lines = COMMANDS.map(commandLine);
  return `assistant ${APP_VERSION}: the Assistant Service from the command line

Usage: assistant <command> [options]

Commands:
${lines.join('\n')}

${GLOBAL_OPTIONS_HELP}

${ENVIRONMENT_HELP}

${EXIT_CODES_HELP}

Errors are one line on stderr: "assistant: <message> (code <code>, request <id>)".
`;
}

export function commandHelp(spec: CommandSpec): string {
  const parts = [`Usage: ${usageOf(spec)}`, '', spec.summary + '.'];
  if (spec.details !== undefined) parts.push('', spec.details);
  if (spec.options.length > 0) parts.push('', 'Options:', optionLines(spec.options));
  if (spec.examples !== undefined && spec.examples.length > 0) {
    parts.push('', 'Examples:', ...spec.examples.map((e) => `  ${e}`));
  }
  parts.push('', GLOBAL_OPTIONS_HELP, '', EXIT_CODES_HELP);
  return `${parts.join('\n')}\n`;
}

export function groupHelp(group: string): string {
  const commands = groupCommands(group);
  const width = Math.max(...commands.map((c) => synopsis(c).length));
  return `Usage: assistant ${group} <${commands.map((c) => c.path[1]).join('|')}> ...

${GROUPS[group] ?? ''}.

Commands:
${commands.map((c) => `  ${synopsis(c).padEnd(width)}  ${c.summary}`).join('\n')}

Run \`assistant ${group} <command> --help\` for one command's options.
`;
}

/** Help for `topic` ('' for everything, 'runs', 'runs start'…); undefined if there is none. */
export function helpFor(topic: readonly string[]): string | undefined {
  if (topic.length === 0) return globalHelp();
  const spec = findCommand(topic);
  if (spec !== undefined) return commandHelp(spec);
  if (topic.length === 1 && topic[0] !== undefined && GROUPS[topic[0]] !== undefined) {
    return groupHelp(topic[0]);
  }
  return undefined;
}

export function helpCommandFor(topic: readonly string[]): string {
  const known =
    findCommand(topic) !== undefined ||
    (topic.length === 1 && GROUPS[topic[0] ?? ''] !== undefined);
  return known ? `assistant ${topic.join(' ')} --help` : 'assistant --help';
}

export { commandName };
