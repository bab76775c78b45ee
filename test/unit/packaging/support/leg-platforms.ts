// What a leg on Windows or macOS runs that only works on Linux: shell syntax the Windows runner's
// shells do not read as bash does (PowerShell for a step's `run`, cmd.exe for the npm scripts it
// starts), and test files that read Linux-only places with no decision about the leg's OS.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import unitConfig from '../../../../vitest.config';
import { label, stepCommands, type Leg } from './leg-commands';
import { REPO_ROOT } from './workflows';

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

/** The files the unit suite (`vitest run`, vitest.config.ts) runs: its `dir/**\/*.suffix` globs. */
export function unitSuiteFiles(): string[] {
  return (unitConfig.test?.include ?? []).flatMap((glob) => {
    const parts = /^([\w/.-]+)\/\*\*\/\*(\.[\w.]+)$/.exec(glob);
    if (parts === null) throw new Error(`vitest.config.ts include ${glob}: not read here`);
    const [, dir = '', suffix = ''] = parts;
    return readdirSync(path.join(REPO_ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
      .map((entry) =>
        path.relative(REPO_ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      )
      .sort();
  });
}

/** Linux-only places a test may read or run: procfs, and Xvfb's launcher. */
const LINUX_ONLY: ReadonlyArray<{ fact: string; test(text: string): boolean }> = [
  { fact: '/proc', test: (text) => /^\/proc(\/|$)/.test(text) },
  { fact: 'xvfb-run', test: (text) => text === 'xvfb-run' },
];

const PLATFORM_ID = { Windows: 'win32', macOS: 'darwin', Linux: 'linux' } as const;

/**
 * A source's string literals passed to a call as such (`readdir('/proc')`, `spawn('xvfb-run', …)`,
 * `process.platform === 'linux'` too), not those inside other data (an expected `['/proc']`).
 * Parsed once per file and text: several legs ask.
 */
const literalsOf = new Map<string, string[]>();
function stringLiterals(file: string, source: string): string[] {
  const key = `${file}\0${source}`;
  const known = literalsOf.get(key);
  if (known !== undefined) return known;
  const literals: string[] = [];
  const visit = (node: ts.Node): void => {
    const isString = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
    const parent = node.parent as ts.Node | undefined;
    if (
      isString &&
      parent !== undefined &&
      (ts.isCallExpression(parent) || ts.isBinaryExpression(parent))
    ) {
      literals.push(node.text);
    }
    node.forEachChild(visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  literalsOf.set(key, literals);
  return literals;
}

/**
 * The Linux-only places a source passes to calls in its string literals, when it makes no decision about
 * `os`: no `process.platform` compared with 'linux' or that OS's id anywhere in the file. A file
 * that decides about the OS somewhere may still read Linux's places elsewhere: this finds the
 * files that never thought of it.
 */
export function linuxOnlyFacts(file: string, source: string, os: Leg['os']): string[] {
  // Parsed only when the text names such a place at all (most files do not).
  if (!/\/proc\b|xvfb-run/.test(source)) return [];
  const literals = stringLiterals(file, source);
  const decides =
    source.includes('process.platform') &&
    literals.some((text) => text === 'linux' || text === PLATFORM_ID[os]);
  if (decides) return [];
  return LINUX_ONLY.filter(({ test }) => literals.some(test)).map(({ fact }) => fact);
}

/** On a Windows or macOS leg that runs the unit suite: its files that read Linux-only places. */
export function linuxOnlyProblems(leg: Leg, scripts: Scripts, files = unitSuiteFiles()): string[] {
  if (leg.os === 'Linux') return [];
  const runsUnitSuite = leg.steps.some(
    ({ step }) =>
      step.run !== undefined && stepCommands(step.run, scripts).commands.includes('vitest run'),
  );
  if (!runsUnitSuite) return [];
  return files.flatMap((file) => {
    const source = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    return linuxOnlyFacts(file, source, leg.os).map(
      (fact) => `${leg.name}: ${file} reads ${fact} with no decision about ${leg.os}`,
    );
  });
}
