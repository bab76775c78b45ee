// The project's own import graph, read the way TypeScript reads a file's imports (type-only ones
// too: a circle of types still ties two rooms together). Relative specifiers only: packages are
// not ours. Used by the packaging checks that state how rooms may depend on each other.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** Repository-relative, forward-slashed: the same on every OS. */
const repoPath = (absolute: string) => relative(REPO_ROOT, absolute).split(sep).join('/');

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/** Each file under the folders (repository-relative) and the files of ours it imports. */
export function importGraph(...folders: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const pending = folders.flatMap((folder) => sourceFiles(join(REPO_ROOT, folder)));
  while (pending.length > 0) {
    const file = pending.pop() as string;
    const key = repoPath(file);
    if (graph.has(key)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => resolveSpecifier(file, fileName))
      .filter((target): target is string => target !== undefined);
    graph.set(key, targets.map(repoPath));
    pending.push(...targets);
  }
  return graph;
}

/** The import circles among `files` (strongly connected groups of more than one file). */
export function importCircles(graph: Map<string, string[]>, files: string[]): string[][] {
  const inScope = new Set(files);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!inScope.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) circles.push(group.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

/** Every file of ours that `starts` import, directly or through others. */
export function reachableFrom(graph: Map<string, string[]>, starts: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...(graph.get(file) ?? []));
  }
  return seen;
}
