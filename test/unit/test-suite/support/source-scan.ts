// Reads the test suite's own sources for habits that make tests slow or break them on another
// OS: starting npm or npx by name, and sleeping to prove that something did not happen. Sources
// are parsed with TypeScript's own parser, so strings and comments are never mistaken for code.
// The parser's helpers are shared with platform-scan.ts (Linux-only facts without a guard).

import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface Finding {
  /** Path from the repository root, with forward slashes. */
  file: string;
  line: number;
  text: string;
}

/** Every TypeScript and JavaScript file under `dir` (a path from the repository root). */
export function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  const visit = (relative: string): void => {
    for (const entry of readdirSync(path.join(REPO_ROOT, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) visit(child);
      else if (/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name)) found.push(child);
    }
  };
  visit(dir);
  return found.sort();
}

export function parse(file: string, source: string): ts.SourceFile {
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
}

export function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

export function finding(file: string, sourceFile: ts.SourceFile, node: ts.Node): Finding {
  const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
  return { file, line: line + 1, text: node.getText(sourceFile).replace(/\s+/g, ' ') };
}

const NPM_BY_NAME = /^(npm|npx)(\.cmd)?$/;
const SHELL_NPM = /^(npm|npx)(\.cmd)?\s/;
const SHELL_RUNNERS = new Set(['exec', 'execSync']);

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/**
 * A name that is read, not run: compared (`tool === 'npm'`, a `case 'npm':`) or expected by a
 * matcher (`expect(words).toEqual(['npm', 'ci'])`), as code that reads commands out of documents
 * does.
 */
export function onlyRead(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isBinaryExpression(parent) && COMPARISONS.has(parent.operatorToken.kind)) return true;
  if (ts.isCaseClause(parent)) return true;
  let outer: ts.Node = parent;
  while (ts.isArrayLiteralExpression(outer)) outer = outer.parent;
  return (
    ts.isCallExpression(outer) &&
    ts.isPropertyAccessExpression(outer.expression) &&
    /^to[A-Z]/.test(outer.expression.name.text)
  );
}

/**
 * The places that would start npm or npx by name: the name as a string of its own (whatever
 * receives it: execFile, spawn, a variable passed on), or a shell command starting with it. A
 * name only compared or expected (onlyRead) starts nothing.
 */
export function npmByName(file: string, source: string): Finding[] {
  const sourceFile = parse(file, source);
  const found: Finding[] = [];
  walk(sourceFile, (node) => {
    if (ts.isStringLiteralLike(node) && NPM_BY_NAME.test(node.text)) {
      if (!onlyRead(node)) found.push(finding(file, sourceFile, node));
      return;
    }
    if (!ts.isCallExpression(node)) return;
    const callee = ts.isPropertyAccessExpression(node.expression)
      ? node.expression.name.text
      : ts.isIdentifier(node.expression)
        ? node.expression.text
        : undefined;
    const command = node.arguments[0];
    if (
      callee !== undefined &&
      SHELL_RUNNERS.has(callee) &&
      command !== undefined &&
      ts.isStringLiteralLike(command) &&
      SHELL_NPM.test(command.text)
    ) {
      found.push(finding(file, sourceFile, node));
    }
  });
  return found;
}

/** Constants a delay may be written with: `const HOLD_MS = 3_000`, `HOLD_MS + 1_000`. */
function constantsOf(sourceFile: ts.SourceFile): Map<string, ts.Expression> {
  const constants = new Map<string, ts.Expression>();
  walk(sourceFile, (node) => {
    if (
      ts.isVariableDeclarationList(node) &&
      (node.flags & ts.NodeFlags.Const) !== 0 &&
      node.declarations.length > 0
    ) {
      for (const declaration of node.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer !== undefined) {
          constants.set(declaration.name.text, declaration.initializer);
        }
      }
    }
  });
  return constants;
}

/** The value of a delay written with numbers and constants, or undefined when not known here. */
function valueOf(
  expression: ts.Expression,
  constants: Map<string, ts.Expression>,
  seen = new Set<string>(),
): number | undefined {
  if (ts.isNumericLiteral(expression)) return Number(expression.text.replace(/_/g, ''));
  if (ts.isParenthesizedExpression(expression)) {
    return valueOf(expression.expression, constants, seen);
  }
  if (ts.isIdentifier(expression)) {
    const initializer = constants.get(expression.text);
    if (initializer === undefined || seen.has(expression.text)) return undefined;
    return valueOf(initializer, constants, new Set([...seen, expression.text]));
  }
  if (ts.isBinaryExpression(expression)) {
    const left = valueOf(expression.left, constants, seen);
    const right = valueOf(expression.right, constants, seen);
    if (left === undefined || right === undefined) return undefined;
    switch (expression.operatorToken.kind) {
      case ts.SyntaxKind.PlusToken:
        return left + right;
      case ts.SyntaxKind.MinusToken:
        return left - right;
      case ts.SyntaxKind.AsteriskToken:
        return left * right;
      case ts.SyntaxKind.SlashToken:
        return left / right;
      default:
        return undefined;
    }
  }
  return undefined;
}

const WAKE_NAMES = /^(resolve|res|r|done|next|wake|resume)$/;
const SLEEP_NAMES = /^(sleep|delay|pause|wait)$/i;

/**
 * A timer that only wakes a waiting promise: `setTimeout(resolve, ms)` or
 * `setTimeout(() => resolve(), ms)`. A deadline (`() => reject(…)`) or a timer that does
 * something (`() => res.end(…)`) is not a sleep.
 */
function wakesOnly(callback: ts.Expression): boolean {
  if (ts.isIdentifier(callback)) return WAKE_NAMES.test(callback.text);
  if (!ts.isArrowFunction(callback)) return false;
  const body = ts.isBlock(callback.body)
    ? callback.body.statements.length === 1 &&
      ts.isExpressionStatement(callback.body.statements[0]!)
      ? callback.body.statements[0].expression
      : undefined
    : callback.body;
  return (
    body !== undefined &&
    ts.isCallExpression(body) &&
    ts.isIdentifier(body.expression) &&
    WAKE_NAMES.test(body.expression.text)
  );
}

function calleeName(call: ts.CallExpression): string | undefined {
  return ts.isIdentifier(call.expression) ? call.expression.text : undefined;
}

/** The name a function is known by: `function sleep(…)` or `const sleep = (…) => …`. */
function functionName(node: ts.Node): string | undefined {
  if (ts.isFunctionDeclaration(node)) return node.name?.text;
  if (
    (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
    ts.isVariableDeclaration(node.parent) &&
    ts.isIdentifier(node.parent.name)
  ) {
    return node.parent.name.text;
  }
  return undefined;
}

function enclosingFunction(node: ts.Node): ts.SignatureDeclaration | undefined {
  for (let current = node.parent; current !== undefined; current = current.parent) {
    if (
      ts.isFunctionDeclaration(current) ||
      ts.isArrowFunction(current) ||
      ts.isFunctionExpression(current)
    ) {
      // The promise executor `(resolve) => setTimeout(resolve, ms)` is not the helper: go on.
      if (ts.isNewExpression(current.parent)) continue;
      return current;
    }
  }
  return undefined;
}

/**
 * Sleeps longer than `limitMs`: `await new Promise((r) => setTimeout(r, 1_300))`,
 * node:timers/promises' `setTimeout(1_300)`, and calls of a sleep helper (one of this file's
 * functions that sleeps for its argument, or one named sleep, delay, pause or wait).
 */
export function longSleeps(file: string, source: string, limitMs: number): Finding[] {
  const sourceFile = parse(file, source);
  const constants = constantsOf(sourceFile);
  const helpers = new Map<string, number>();
  const found: Finding[] = [];
  const tooLong = (delay: ts.Expression | undefined): boolean => {
    const ms = delay === undefined ? undefined : valueOf(delay, constants);
    return ms !== undefined && ms > limitMs;
  };

  // First the helpers: functions whose timer wakes them after one of their parameters.
  walk(sourceFile, (node) => {
    if (!ts.isCallExpression(node) || calleeName(node) !== 'setTimeout') return;
    const [callback, delay] = node.arguments;
    if (callback === undefined || !wakesOnly(callback) || delay === undefined) return;
    if (!ts.isIdentifier(delay)) return;
    const helper = enclosingFunction(node);
    const name = helper === undefined ? undefined : functionName(helper);
    const index =
      helper?.parameters.findIndex(
        (parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === delay.text,
      ) ?? -1;
    if (name !== undefined && index >= 0) helpers.set(name, index);
  });

  walk(sourceFile, (node) => {
    if (!ts.isCallExpression(node)) return;
    const name = calleeName(node);
    if (name === undefined) return;
    if (name === 'setTimeout') {
      const [first, second] = node.arguments;
      const sleeps =
        (first !== undefined && wakesOnly(first) && tooLong(second)) ||
        // node:timers/promises: setTimeout(ms) resolves after ms.
        (first !== undefined && second === undefined && tooLong(first));
      if (sleeps) found.push(finding(file, sourceFile, node));
      return;
    }
    const index = helpers.get(name) ?? (SLEEP_NAMES.test(name) ? 0 : undefined);
    if (index !== undefined && tooLong(node.arguments[index])) {
      found.push(finding(file, sourceFile, node));
    }
  });
  return found;
}
