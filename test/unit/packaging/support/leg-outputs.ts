// What each program a workflow step runs makes and reads, for the question "does every step find
// what it reads, built by an earlier step of the same leg?". What a build makes is read from the
// build itself (scripts/build-node.mjs' entries, each Vite config's out/ paths, electron-builder.yml's
// files and extra resources); what a test suite reads from out/ is read from its sources (every
// out/ path its files and the test files they import name), plus what those cannot show.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from './workflows';

/** What is made and read besides out/'s folders. */
export const RELAY = 'the relay (relay/target/release)';
export const ELECTRON = "Electron's binary (node_modules/electron/dist)";
export const CHROMIUM = "Playwright's Chromium";
export const RELEASE = "electron-builder's output (release/)";
export const INSTALLED_DEB = 'the deb installed by apt (/opt/Assistant Desktop)';

export interface Effect {
  makes?: readonly string[];
  reads?: readonly string[];
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** A string literal's text; a template's spans as `*`. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `*${span.literal.text}`).join('');
  }
  return undefined;
}

/**
 * The out/ entries a source names in its code (not its comments), as `out/<first part>`:
 * literals such as 'out/renderer/index.html', '../out/extension', '/out/main/index.js', and
 * path parts such as join(root, 'out', 'preload', name). `${version}` reads as `*`.
 */
export function outPathsNamed(file: string, source: string): string[] {
  const found = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    const text = literalText(node);
    const named = text === undefined ? null : /^(?:\.{1,2}\/)*\/?out\/([^/]+)/.exec(text);
    if (named?.[1] !== undefined) found.add(`out/${named[1]}`);
    if (ts.isCallExpression(node)) {
      const args = node.arguments.map(literalText);
      args.forEach((arg, index) => {
        const next = args[index + 1];
        if (arg === 'out' && next !== undefined) found.add(`out/${next.split('/')[0] ?? ''}`);
      });
    }
    node.forEachChild(visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return [...found].sort();
}

/** The file a relative import names: `./x` → x.ts, x.tsx, x/index.ts. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.join(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(REPO_ROOT, candidate)),
  );
}

/** Every .ts file under `dir`, and the files under test/ they import, transitively. */
export function suiteFiles(dir: string): string[] {
  const pending = readdirSync(path.join(REPO_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) =>
      path.relative(REPO_ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    );
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of read(file).matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)) {
      const imported = resolveImport(file, match[1] ?? '');
      if (imported?.startsWith('test/') === true) pending.push(imported.split(path.sep).join('/'));
    }
  }
  return [...seen].sort();
}

/** `compute` once per key: the sources do not change while the tests run. */
function once<T>(compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (!known.has(key)) known.set(key, compute(key));
    return known.get(key) as T;
  };
}

/** The out/ entries a suite's files name (the lower bound of what it reads). */
export const suiteReads = once((dir: string): string[] =>
  [...new Set(suiteFiles(dir).flatMap((file) => outPathsNamed(file, read(file))))].sort(),
);

const bundlesOf = once((script: string): string[] => {
  const names = [...read(script).matchAll(/\bout:\s*'([\w-]+)\//g)].map((m) => `out/${m[1]}`);
  return [...new Set(names)].sort();
});

/** scripts/build-node.mjs' entries: `{ in: …, out: 'main/index' }` → out/main. */
export const nodeBundles = (): string[] => bundlesOf('scripts/build-node.mjs');

/** What a Vite config writes: the out/ paths it names. */
export const viteOutputs = once((config: string): string[] => outPathsNamed(config, read(config)));

// js-yaml comes with electron-builder, which reads electron-builder.yml with it.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

interface BuilderConfig {
  files?: unknown[];
  extraResources?: unknown[];
  win?: { extraResources?: unknown[] };
  mac?: { extraResources?: unknown[] };
  linux?: { extraResources?: unknown[] };
}

const inputsOf = once((file: string): string[] => {
  const config = yaml.load(read(file)) as BuilderConfig;
  const folders = (config.files ?? [])
    .map((pattern) => (typeof pattern === 'string' ? /^out\/([^/*!]+)\//.exec(pattern) : null))
    .flatMap((match) => (match?.[1] === undefined ? [] : [`out/${match[1]}`]));
  const resources = [config, config.win, config.mac, config.linux].flatMap(
    (section) => section?.extraResources ?? [],
  );
  // A missing relay is only a warning to electron-builder: the app would ship without it.
  const relay = resources.some((entry) => JSON.stringify(entry).includes('relay/target/release/'));
  return [...folders, ...(relay ? [RELAY] : [])];
});

/** What electron-builder packages from the repository: its `files` out/ folders and the relay. */
export const builderInputs = (): string[] => inputsOf('electron-builder.yml');
