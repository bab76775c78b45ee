// The command table: every command's words, positional arguments and options in one place, read
// by the parser (what is allowed where) and by the help texts (what to show).

export type OptionName =
  | 'base-url'
  | 'json'
  | 'no-color'
  | 'help'
  | 'version'
  | 'search'
  | 'limit'
  | 'offset'
  | 'status'
  | 'agent'
  | 'deal'
  | 'message'
  | 'follow';

export const OPTION_TYPES = {
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  search: { type: 'string' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  status: { type: 'string' },
  agent: { type: 'string' },
  deal: { type: 'string' },
  message: { type: 'string' },
  follow: { type: 'boolean' },
} as const satisfies Record<OptionName, { type: 'string' | 'boolean'; short?: string }>;

/** Accepted by every command, before or after its words. */
export const GLOBAL_OPTIONS: readonly OptionName[] = [
  'base-url',
  'json',
  'no-color',
  'help',
  'version',
];

/**
 * Options that would carry the session token on the command line, where every user of the
 * machine can read it (`ps`, /proc/<pid>/cmdline) and shells keep it in their history.
 */
export const REFUSED_TOKEN_OPTIONS = ['token', 'session-token', 'access-token', 'cookie'] as const;

export interface OptionHelp {
  name: OptionName;
  value?: string;
  text: string;
  required?: boolean;
}

export interface CommandSpec {
  /** The words that name it: ['runs', 'start']. */
  path: readonly string[];
  /** Positional arguments after the words, e.g. ['ID']. */
  args: readonly string[];
  options: readonly OptionHelp[];
  summary: string;
  /** Extra paragraphs for `assistant <command> --help`. */
  details?: string;
  examples?: readonly string[];
}

export const COMMANDS: readonly CommandSpec[] = [
  {
    path: ['status'],
    args: [],
    options: [],
    summary: 'Check access: service, environment, organisation, user, scopes, capabilities',
  },
  {
    path: ['agents'],
    args: [],
    options: [],
    summary: 'List the agents a run can start',
  },
  {
    path: ['deals'],
    args: [],
    options: [
      { name: 'search', value: 'TEXT', text: 'only deals matching TEXT' },
      { name: 'limit', value: 'N', text: 'at most N deals (the service decides the default)' },
      { name: 'offset', value: 'N', text: 'skip the first N deals' },
    ],
    summary: 'List deals: name, account, stage, amount, close date, id',
    examples: ['assistant deals --search contoso', 'assistant deals --limit 10 --offset 10'],
  },
  {
    path: ['deal'],
    args: ['ID'],
    options: [],
    summary: 'Show one deal with all its fields',
  },
  {
    path: ['briefing'],
    args: ['morning|meeting'],
    options: [],
    summary: 'Show the morning briefing or the next meeting briefing',
  },
  {
    path: ['runs', 'list'],
    // Its options are shaped like `deals`' (both are paged lists): table data, nothing to share.
    args: [],
    options: [
      { name: 'limit', value: 'N', text: 'at most N runs' },
      { name: 'offset', value: 'N', text: 'skip the first N runs' },
      { name: 'status', value: 'S', text: 'only runs with status S (e.g. running, failed)' },
    ],
    summary: 'List runs',
  },
  {
    path: ['runs', 'start'],
    args: [],
    options: [
      {
        name: 'agent',
        value: 'ID',
        required: true,
        text: 'the agent, <namespace>.<agent_name> (see `agents`)',
      },
      {
        name: 'deal',
        value: 'ID',
        required: true,
        text: 'the deal the run works on, a UUID (see `deals`)',
      },
      {
        name: 'message',
        value: 'TEXT',
        required: true,
        text: 'what to ask the agent (a text starting with "-": --message=TEXT)',
      },
      { name: 'follow', text: "stream the run's output until it ends" },
    ],
    summary: 'Start a run; with --follow, stream its output',
    details: `The agent id, the deal id and the message are checked before anything is sent
(exit 2), and a run over the runs quota is refused before it is created (exit 4).
--json prints the created run (runId, status, agentId). With --follow the command then
behaves like \`runs follow\`; with --follow --json the first line is
{"type":"run","run":{…}}, followed by the run's events.`,
    examples: [
      'assistant runs start --agent sales.deal_coach --deal 4623f483-b85d-5178-8205-db9d660593ee \\\n      --message "Prepare me for the call" --follow',
    ],
  },
  {
    path: ['runs', 'follow'],
    args: ['ID'],
    options: [],
    summary: "Stream a run's output until it ends (resumes after dropped connections)",
    details: `The run's output text goes to stdout exactly as the service streams it; status lines
(status: running, the outcome with token usage, reconnections) go to stderr. When stdout
is a terminal and the text does not end with a line break, one is added at the end;
piped or redirected output is the run's text byte for byte.
With --json, stdout gets one JSON object per line (NDJSON): each run event, e.g.
{"type":"output","text":"…"}, {"type":"status","status":"running"}, and finally
{"type":"final","status":"succeeded","usage":{…}}.
Ctrl-C stops following and exits with 130; the run keeps going on the service
(stop it with \`assistant runs cancel ID\`).`,
  },
  {
    path: ['runs', 'get'],
    args: ['ID'],
    options: [],
    summary: 'Show one run with all its fields',
  },
  {
    path: ['runs', 'cancel'],
    args: ['ID'],
    options: [],
    summary: 'Cancel a run on the service',
  },
  {
    path: ['usage'],
    args: [],
    options: [],
    summary: "This billing period's requests, runs and tokens against their quotas",
  },
];

export const GROUPS: Readonly<Record<string, string>> = {
  runs: 'Start, follow, list, show and cancel runs',
};

export function findCommand(path: readonly string[]): CommandSpec | undefined {
  return COMMANDS.find(
    (command) =>
      command.path.length === path.length && command.path.every((word, i) => word === path[i]),
  );
}

/** Subcommands of a group such as `runs`. */
export function groupCommands(group: string): CommandSpec[] {
  return COMMANDS.filter((command) => command.path.length > 1 && command.path[0] === group);
}

export function commandName(spec: Pick<CommandSpec, 'path'>): string {
  return spec.path.join(' ');
}
