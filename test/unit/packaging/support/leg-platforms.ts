// What a Windows leg runs that only works in bash: shell syntax the Windows runner's shells do not
// read as bash does (PowerShell for a step's `run`, cmd.exe for the npm scripts it starts). Test
// files that use Linux-only facts (/proc, /bin/sh, POSIX modes, …) without a guard are found over
// the whole tree, whichever leg runs them, by test/unit/test-suite/platform-facts.test.ts.

import { label, stepCommands, type Leg } from './leg-commands';

type Scripts = Readonly<Record<string, string>>;

interface SyntaxRule {
  pattern: RegExp;
  says: string;
}

/**
 * Bash in a PowerShell step. GitHub runs a Windows step's `run` with pwsh unless `shell:` says
 * otherwise, with `$ErrorActionPreference = 'stop'` (which stops on a cmdlet's error, not on a
 * program's exit code) and the script's last exit code as the step's.
 */
const PWSH: readonly SyntaxRule[] = [
  { pattern: /\$\(/, says: '`$(…)` is a subexpression in PowerShell, not a command substitution' },
  {
    pattern: /\$(?!env:|true\b|false\b|null\b|LASTEXITCODE\b)\{?[A-Za-z_]/,
    says: '`$NAME` is a PowerShell variable, not the environment (`$env:NAME`)',
  },
  { pattern: /(^|[\s;&|])export\s/m, says: '`export` is bash' },
  { pattern: /^\s*[A-Za-z_]\w*=/m, says: '`NAME=value` before a command sets nothing' },
  { pattern: /\\\s*$/m, says: 'a line continues with a backtick, not `\\`' },
  { pattern: /\/dev\/null/, says: '/dev/null does not exist' },
  { pattern: /(^|[\s;])(if \[|then|fi|case|esac|done)(\s|$)/m, says: "bash's control flow" },
  { pattern: /`/, says: 'a backtick is an escape character' },
  {
    pattern: /(^|\s)npm\s[^\n]*\s--(\s|$)/,
    says: 'npm.ps1 passed `--` on to the script only from npm 10.9.3 (npm/cli#4903, #8343); with an older npm the arguments go to npm itself',
  },
];

/** Bash in an npm script, which npm runs with cmd.exe on Windows. */
const CMD: readonly SyntaxRule[] = [
  { pattern: /'/, says: 'single quotes are not quotes in cmd.exe (they reach the program)' },
  { pattern: /\$[A-Za-z_{(]/, says: 'cmd.exe reads `%NAME%`, not `$NAME`' },
  { pattern: /(^|&&\s*)[A-Za-z_]\w*=\S/, says: '`NAME=value` before a command is bash' },
  { pattern: /(^|&&\s*|\|\|\s*)(export|rm|cp|mv|cat|grep|sed)\s/, says: 'not a Windows command' },
  { pattern: /;/, says: '`;` does not separate commands in cmd.exe' },
];

export function pwshProblems(run: string): string[] {
  const text = run.replace(/\$\{\{[\s\S]*?\}\}/g, 'EXPR');
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '' && !/^\s*#/.test(line));
  const problems = PWSH.filter((rule) => rule.pattern.test(text)).map((rule) => rule.says);
  if (lines.length > 1) {
    problems.push(
      `${lines.length} lines: only the last one's exit code fails a PowerShell step (join them with &&)`,
    );
  }
  return problems;
}

export function cmdProblems(script: string): string[] {
  return CMD.filter((rule) => rule.pattern.test(script)).map((rule) => rule.says);
}

/** On a Windows leg: each step's `run` read by its shell, each npm script it starts by cmd.exe. */
export function windowsProblems(leg: Leg, scripts: Scripts): string[] {
  if (leg.os !== 'Windows') return [];
  return leg.steps.flatMap(({ step, shell }) => {
    if (step.run === undefined) return [];
    const where = `${leg.name}: "${label(step)}"`;
    const inShell = ['pwsh', 'powershell'].includes(shell)
      ? pwshProblems(step.run)
      : shell === 'bash'
        ? []
        : [`shell ${shell} is not read here (pwsh or bash)`];
    const started = [...new Set(stepCommands(step.run, scripts).scripts)];
    const inScripts = started.flatMap((name) =>
      cmdProblems(scripts[name] ?? '').map((says) => `npm script "${name}": ${says}`),
    );
    return [...inShell, ...inScripts].map((says) => `${where}: ${says}`);
  });
}
