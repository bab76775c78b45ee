// Linux-only facts used without a decision about the platform: the release runs the Node suites on
// Windows and macOS, and the app runs there, so each use of such a fact must sit where only the
// platforms that have it reach. The rules (each finds nothing inside the right guard):
// - a `.sock` path in a test, outside test/support/socket-path.ts: Windows Node listens only on
//   named pipes (`listen EACCES` on a file path), so tests take their socket from testSocketPath;
// - `/proc` read (Linux only: neither macOS nor Windows has it);
// - a POSIX program run by its path (`/bin/sh`, `/usr/bin/env`, a `#!/…` script written to run);
// - product code falling back to `/tmp`, or reading an `XDG_*` variable (an XDG place chosen on
//   macOS or Windows is a defect);
// - a test asserting POSIX file modes (an `expect(…)` with an octal number: Windows has no modes).
//
// The guard is found structurally, by TypeScript's parser, and by words (fast, simple, and
// reviewable; not a proof): walking up from the use, a condition that decides whether it runs
// names the platforms it is about (`win32`, `windows`, `posix`, `linux`, `darwin`, `macos`, in
// code, not comments). Such a condition is that of an enclosing `if` or `?:`, the left side of an
// enclosing `&&`/`||`, the `skipIf`/`runIf` of an enclosing `describe`/`it`/`test`, a preceding
// early exit in an enclosing block (`if (platform === 'win32') return …;`), a preceding
// `test.skip(cond, …)` (Playwright), or a `case 'linux':` of a switch. Which way a guard decides
// is not checked (a condition naming the platform is trusted to read it right), and a fact used
// in a helper is guarded in the helper itself: callers are not followed.

import ts from 'typescript';
import { finding, onlyRead, parse, type Finding } from './source-scan';

type Os = 'win32' | 'linux' | 'darwin';

/** The platforms a condition's code names. */
function platformsNamed(condition: ts.Node): Set<Os> {
  const text = condition.getText();
  const named = new Set<Os>();
  if (/win32|windows|\bposix\b/i.test(text)) named.add('win32');
  if (/linux/i.test(text)) named.add('linux');
  if (/darwin|macos/i.test(text)) named.add('darwin');
  return named;
}

/** A statement that leaves its block: return, throw, continue, break, or a skip. */
function exits(statement: ts.Statement): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || ts.isFunctionLike(node)) return;
    if (
      ts.isReturnStatement(node) ||
      ts.isThrowStatement(node) ||
      ts.isContinueStatement(node) ||
      ts.isBreakStatement(node) ||
      (ts.isCallExpression(node) && /\.skip$/.test(node.expression.getText()))
    ) {
      found = true;
      return;
    }
    node.forEachChild(visit);
  };
  visit(statement);
  return found;
}

/** `test.skip(process.platform === 'win32', '…')` or `ctx.skip(cond)`: its condition. */
function skipCondition(statement: ts.Statement): ts.Expression | undefined {
  if (!ts.isExpressionStatement(statement)) return undefined;
  const call = statement.expression;
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return;
  return call.expression.name.text === 'skip' ? call.arguments[0] : undefined;
}

/** Conditions that decide, in the block holding `child`, whether the statements after it run. */
function earlierExits(statements: ts.NodeArray<ts.Statement>, child: ts.Node): ts.Node[] {
  const found: ts.Node[] = [];
  for (const statement of statements) {
    if (statement === child) break;
    if (ts.isIfStatement(statement) && exits(statement.thenStatement)) {
      found.push(statement.expression);
    }
    const skip = skipCondition(statement);
    if (skip !== undefined) found.push(skip);
  }
  return found;
}

/**
 * `describe.skipIf(cond)(…)`, `it.runIf(cond)(…)`, `it.skipIf(cond).each(…)(…)`: cond, when
 * `call` is such a call (its callee is a chain holding a skipIf or runIf call).
 */
function skipIfCondition(call: ts.CallExpression): ts.Expression | undefined {
  for (let callee: ts.Expression = call.expression; ;) {
    if (ts.isCallExpression(callee)) {
      const named = callee.expression;
      if (ts.isPropertyAccessExpression(named) && /^(skipIf|runIf)$/.test(named.name.text)) {
        return callee.arguments[0];
      }
      callee = named;
    } else if (ts.isPropertyAccessExpression(callee)) {
      callee = callee.expression;
    } else {
      return undefined;
    }
  }
}

/** The conditions deciding whether `parent`'s child `child` runs (see the file's comment). */
function conditionsAt(parent: ts.Node, child: ts.Node): ts.Node[] {
  if (ts.isIfStatement(parent) && child !== parent.expression) return [parent.expression];
  if (ts.isConditionalExpression(parent) && child !== parent.condition) return [parent.condition];
  if (ts.isBinaryExpression(parent) && child === parent.right) {
    const operator = parent.operatorToken.kind;
    const logical =
      operator === ts.SyntaxKind.AmpersandAmpersandToken ||
      operator === ts.SyntaxKind.BarBarToken ||
      operator === ts.SyntaxKind.QuestionQuestionToken;
    return logical ? [parent.left] : [];
  }
  if (ts.isCallExpression(parent) && parent.arguments.some((argument) => argument === child)) {
    const condition = skipIfCondition(parent);
    return condition === undefined ? [] : [condition];
  }
  if (ts.isCaseClause(parent))
    return [parent.expression, ...earlierExits(parent.statements, child)];
  if (
    ts.isBlock(parent) ||
    ts.isSourceFile(parent) ||
    ts.isModuleBlock(parent) ||
    ts.isDefaultClause(parent)
  ) {
    return earlierExits(parent.statements, child);
  }
  return [];
}

/** Every platform named by a condition deciding whether `node` runs. */
export function guardOf(node: ts.Node): Set<Os> {
  const named = new Set<Os>();
  for (let child = node, parent = node.parent; parent !== undefined;) {
    for (const condition of conditionsAt(parent, child)) {
      for (const os of platformsNamed(condition)) named.add(os);
    }
    child = parent;
    parent = parent.parent;
  }
  return named;
}

/** Kept from Windows: the guard names Windows (or POSIX), or Linux alone. */
const notOnWindows = (named: Set<Os>) => named.has('win32') || named.has('linux');
/** Linux only: the guard names Linux, or both other platforms. */
const linuxOnly = (named: Set<Os>) =>
  named.has('linux') || (named.has('win32') && named.has('darwin'));

/** A string or template literal and its text (a template's: its fixed parts, `${}` as `*`). */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `*${span.literal.text}`).join('');
  }
  return undefined;
}

/** Literals (not inside another template) whose text `matches`, unless only read by a matcher. */
function literals(sourceFile: ts.SourceFile, matches: (text: string) => boolean): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== undefined) {
      if (matches(text) && !onlyRead(node)) found.push(node);
      return;
    }
    node.forEachChild(visit);
  };
  visit(sourceFile);
  return found;
}

function unguarded(
  file: string,
  source: string,
  trigger: RegExp,
  uses: (sourceFile: ts.SourceFile) => ts.Node[],
  guarded: (named: Set<Os>) => boolean,
): Finding[] {
  if (!trigger.test(source)) return [];
  const sourceFile = parse(file, source);
  return uses(sourceFile)
    .filter((node) => !guarded(guardOf(node)))
    .map((node) => finding(file, sourceFile, node));
}

/** `.sock` paths in a test: its socket comes from testSocketPath (a named pipe on Windows). */
export function socketFilePaths(file: string, source: string): Finding[] {
  return unguarded(
    file,
    source,
    /\.sock\b/,
    (sourceFile) => literals(sourceFile, (text) => /\.sock$/.test(text)),
    notOnWindows,
  );
}

/** `/proc` passed to a call: `readdir('/proc')`, `readFile(\`/proc/${pid}/status\`)`. */
export function procReads(file: string, source: string): Finding[] {
  return unguarded(
    file,
    source,
    /\/proc\b/,
    (sourceFile) =>
      literals(sourceFile, (text) => /^\/proc(\/|$)/.test(text)).filter(
        (node) =>
          (ts.isCallExpression(node.parent) || ts.isNewExpression(node.parent)) &&
          node.parent.expression !== node,
      ),
    linuxOnly,
  );
}

const POSIX_PROGRAMS = /^(\/usr)?\/bin\/(sh|bash|env|true|false)$/;

/** A POSIX program by its path, or a `#!` script written to be run (Windows runs neither). */
export function posixPrograms(file: string, source: string): Finding[] {
  return unguarded(
    file,
    source,
    /\/bin\/|#!/,
    (sourceFile) => literals(sourceFile, (text) => POSIX_PROGRAMS.test(text) || /^#!\//.test(text)),
    notOnWindows,
  );
}

/** `/tmp` as a path (`join('/tmp', …)`, `'/tmp/x'`): Windows has none. */
export function tmpFallbacks(file: string, source: string): Finding[] {
  return unguarded(
    file,
    source,
    /\/tmp\b/,
    (sourceFile) => literals(sourceFile, (text) => /^\/tmp(\/|$)/.test(text)),
    notOnWindows,
  );
}

/** `env.XDG_…` or `env['XDG_…']` read: a place by Linux's rules, wrong on macOS and Windows. */
export function xdgReads(file: string, source: string): Finding[] {
  return unguarded(
    file,
    source,
    /XDG_/,
    (sourceFile) => {
      const found: ts.Node[] = [];
      const visit = (node: ts.Node): void => {
        if (
          (ts.isPropertyAccessExpression(node) && node.name.text.startsWith('XDG_')) ||
          (ts.isElementAccessExpression(node) &&
            ts.isStringLiteralLike(node.argumentExpression) &&
            node.argumentExpression.text.startsWith('XDG_'))
        ) {
          found.push(node);
        }
        node.forEachChild(visit);
      };
      visit(sourceFile);
      return found;
    },
    linuxOnly,
  );
}

/** `expect(…)` asserting a POSIX mode: any octal number in the assertion (`toBe(0o600)`, `& 0o777`). */
export function modeAssertions(file: string, source: string): Finding[] {
  return unguarded(
    file,
    source,
    /0o[0-7]/,
    (sourceFile) => {
      const found = new Set<ts.Node>();
      const visit = (node: ts.Node): void => {
        if (ts.isNumericLiteral(node) && /^0o/i.test(node.getText())) {
          const assertion = expectStatement(node);
          if (assertion !== undefined) found.add(assertion);
        }
        node.forEachChild(visit);
      };
      visit(sourceFile);
      return [...found];
    },
    notOnWindows,
  );
}

/** The statement of an `expect(…)…` chain holding `node`, if any. */
function expectStatement(node: ts.Node): ts.Node | undefined {
  for (let current = node.parent; current !== undefined; current = current.parent) {
    if (ts.isFunctionLike(current)) return undefined;
    if (ts.isExpressionStatement(current)) {
      return /^(await\s+)?expect\b/.test(current.expression.getText()) ? current : undefined;
    }
  }
  return undefined;
}

/** Host tools that run on Linux alone, by purpose, so every rule leaves them out. */
export const LINUX_HOST_TOOLS: ReadonlyArray<{ under: string; why: string }> = [
  {
    under: 'scripts/windows-tests/',
    why: 'runs the Windows suites from Linux, under Wine (its cache folder by XDG_CACHE_HOME)',
  },
];
