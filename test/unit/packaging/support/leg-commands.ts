// The workflows' jobs as legs (one job on one runner OS: a matrix job is one leg per OS), the
// steps each leg runs (their `if:` read for that OS), and the commands of those steps as a runner
// would run them: a step's script split into simple commands, and each `npm run`, `npm test` or
// `npm ci` followed into the package.json scripts it starts, down to the programs they run.

import { readWorkflow, runnerLabels, type Workflow, type WorkflowStep } from './workflows';

export type RunnerOs = 'Linux' | 'Windows' | 'macOS';

/** How sure it is that a step runs on a leg: `maybe` when its `if:` asks more than the OS. */
export type Runs = 'yes' | 'maybe';

export interface LegStep {
  step: WorkflowStep;
  runs: Runs;
  /** The shell its `run` gets: the step's, the job's or workflow's default, else the runner's. */
  shell: string;
}

export interface Leg {
  /** `release.yml package (Windows)`. */
  name: string;
  os: RunnerOs;
  steps: LegStep[];
}

export const label = (step: WorkflowStep): string =>
  step.name ?? step.run ?? step.uses ?? '(unnamed step)';

export function osOfLabel(runner: string): RunnerOs {
  if (runner.startsWith('ubuntu')) return 'Linux';
  if (runner.startsWith('windows')) return 'Windows';
  if (runner.startsWith('macos')) return 'macOS';
  throw new Error(`runner ${runner}: which OS is it? (add it to osOfLabel)`);
}

/**
 * Whether a step runs on `os`, from its `if:`: conditions on runner.os joined by `&&` are decided;
 * anything else (`!cancelled()`, a secret's presence) makes it `maybe`. An `||` is not read.
 */
export function stepRunsOn(condition: string | undefined, os: RunnerOs): Runs | 'no' {
  if (condition === undefined) return 'yes';
  const text = condition.replace(/^\s*\$\{\{\s*|\s*\}\}\s*$/g, '').trim();
  if (text.includes('||')) throw new Error(`if: ${condition}: an || is not read here`);
  let runs: Runs = 'yes';
  for (const atom of text.split('&&').map((part) => part.trim())) {
    const os_ = /^runner\.os\s*(==|!=)\s*'(\w+)'$/.exec(atom);
    if (os_ === null) {
      runs = 'maybe';
      continue;
    }
    if ((os_[1] === '==') !== (os_[2] === os)) return 'no';
  }
  return runs;
}

/** Every leg of a workflow: each job on each runner OS it names. */
export function legsOf(file: string, workflow: Workflow = readWorkflow(file)): Leg[] {
  return Object.entries(workflow.jobs).flatMap(([id, job]) =>
    runnerLabels(job).map((runner) => {
      const os = osOfLabel(runner);
      const fallback =
        job.defaults?.run?.shell ??
        workflow.defaults?.run?.shell ??
        (os === 'Windows' ? 'pwsh' : 'bash');
      const steps = job.steps.flatMap((step): LegStep[] => {
        const runs = stepRunsOn(step.if, os);
        return runs === 'no' ? [] : [{ step, runs, shell: step.shell ?? fallback }];
      });
      return { name: `${file} ${id} (${os})`, os, steps };
    }),
  );
}

/** Words that start a command without being it: environment settings, sudo, xvfb-run -a, … */
function withoutPrefixes(command: string): string {
  const words = command.split(/\s+/).filter((word) => word !== '');
  let start = 0;
  const skip = (word: string | undefined): boolean =>
    word !== undefined &&
    (/^[A-Za-z_]\w*=/.test(word) ||
      ['sudo', 'exec', 'then', 'do', 'else', 'time', 'xvfb-run', '-a'].includes(word) ||
      /^[\w|*-]+\)$/.test(word));
  while (skip(words[start])) start += 1;
  return words.slice(start).join(' ');
}

/**
 * A script's simple commands, in order: lines joined where they continue, comments dropped, split
 * at `&&`, `||`, `;` and `|`. A GitHub expression (`${{ … }}`) stands as EXPR.
 */
export function simpleCommands(script: string): string[] {
  return script
    .replace(/\$\{\{[\s\S]*?\}\}/g, 'EXPR')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .flatMap((line) => line.split(/&&|\|\||;;?|\|/))
    .map((part) => withoutPrefixes(part.trim()))
    .filter((part) => part !== '');
}

export interface Expansion {
  /** The programs run, in order (npx's name for a package's bin, without `npx`). */
  commands: string[];
  /** The npm scripts started on the way, in order. */
  scripts: string[];
  problems: string[];
}

type Scripts = Readonly<Record<string, string>>;

/** `npm run <name> -- <args>`, `npm test`, `npm start`: the script's name and the arguments. */
function npmScriptCall(words: readonly string[]): { name?: string; args: string[] } | undefined {
  const [tool, verb] = words;
  if (tool !== 'npm' || !['run', 'run-script', 'test', 'start'].includes(verb ?? '')) return;
  const dash = words.indexOf('--');
  const before = dash < 0 ? words : words.slice(0, dash);
  const args = dash < 0 ? [] : words.slice(dash + 1);
  const name =
    verb === 'test' || verb === 'start'
      ? verb
      : before.slice(2).find((word) => !word.startsWith('-'));
  return { name, args };
}

/**
 * One simple command followed into package.json: `npm run x -- a` runs x's commands with `a`
 * appended to the last (as npm appends it to the script), `npm ci` and `npm install` run the
 * `prepare` script after installing (unless --ignore-scripts), `npx tool` runs the bin `tool`.
 */
export function expand(command: string, scripts: Scripts, depth = 0): Expansion {
  if (depth > 20) return { commands: [], scripts: [], problems: [`${command}: scripts in a loop`] };
  const words = command.split(/\s+/);
  const call = npmScriptCall(words);
  if (call !== undefined) {
    if (call.name === undefined) {
      return { commands: [], scripts: [], problems: [`"${command}" names no script`] };
    }
    const script = scripts[call.name];
    if (script === undefined) {
      return {
        commands: [],
        scripts: [call.name],
        problems: [`"${command}": package.json has no script "${call.name}"`],
      };
    }
    const parts = simpleCommands(script);
    if (call.args.length > 0 && parts.length > 0) {
      parts[parts.length - 1] = `${parts.at(-1) ?? ''} ${call.args.join(' ')}`;
    }
    const inner = parts.map((part) => expand(part, scripts, depth + 1));
    return {
      commands: inner.flatMap((each) => each.commands),
      scripts: [call.name, ...inner.flatMap((each) => each.scripts)],
      problems: inner.flatMap((each) => each.problems),
    };
  }
  const [tool, verb] = words;
  if (tool === 'npm' && ['ci', 'install', 'i'].includes(verb ?? '')) {
    if (words.includes('--ignore-scripts') || scripts.prepare === undefined) {
      return { commands: [command], scripts: [], problems: [] };
    }
    const prepare = expand('npm run prepare', scripts, depth + 1);
    return { ...prepare, commands: [command, ...prepare.commands] };
  }
  if (tool === 'npx') return expand(words.slice(1).join(' '), scripts, depth + 1);
  return { commands: [command], scripts: [], problems: [] };
}

/** A step's `run`, expanded command by command. */
export function stepCommands(run: string, scripts: Scripts): Expansion {
  const each = simpleCommands(run).map((command) => expand(command, scripts));
  return {
    commands: each.flatMap((one) => one.commands),
    scripts: each.flatMap((one) => one.scripts),
    problems: each.flatMap((one) => one.problems),
  };
}
