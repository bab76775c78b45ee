// Both windows write their hardened webPreferences out in full (Electronegativity cannot see
// through a shared constant), so this reads the two literals from the source and checks that the
// security settings are the ones Electron's checklist asks for, in both, and stay alike.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WINDOWS = ['electron/main/main-window.ts', 'electron/main/sign-in-window.ts'] as const;

/** What every window must say, and say literally. */
const HARDENED: Record<string, boolean | string> = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  disableBlinkFeatures: 'Auxclick',
};

type Literal = boolean | string | 'not a literal';

function webPreferencesOf(path: string): Map<string, Literal> {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const found: Array<Map<string, Literal>> = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'webPreferences' &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      const properties = new Map<string, Literal>();
      for (const property of node.initializer.properties) {
        if (ts.isSpreadAssignment(property)) properties.set('...', 'not a literal');
        if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
        const value = property.initializer;
        properties.set(
          property.name.text,
          value.kind === ts.SyntaxKind.TrueKeyword
            ? true
            : value.kind === ts.SyntaxKind.FalseKeyword
              ? false
              : ts.isStringLiteral(value)
                ? value.text
                : 'not a literal',
        );
      }
      found.push(properties);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (found.length !== 1) throw new Error(`${path}: expected one webPreferences literal`);
  return found[0] ?? new Map();
}

describe('the windows’ webPreferences', () => {
  for (const path of WINDOWS) {
    it(`${path} sets every hardened preference literally, with no spread`, () => {
      const preferences = webPreferencesOf(path);
      expect(preferences.has('...')).toBe(false);
      for (const [name, value] of Object.entries(HARDENED)) {
        expect({ name, value: preferences.get(name) }).toEqual({ name, value });
      }
    });
  }

  it('agree with each other on every security setting both name', () => {
    const [main, signIn] = WINDOWS.map(webPreferencesOf);
    const shared = [...(main?.keys() ?? [])].filter((name) => signIn?.has(name));
    // Spell checking and devtools differ on purpose; the rest must not.
    const mayDiffer = new Set(['spellcheck', 'devTools', 'preload', 'session']);
    for (const name of shared.filter((n) => !mayDiffer.has(n))) {
      expect({ name, value: signIn?.get(name) }).toEqual({ name, value: main?.get(name) });
    }
  });
});
