// The repository files electron-builder's `files` globs select, computed with electron-builder's
// own matcher (the same FileMatcher and filter it copies with), walking the tree the way its
// copier does: a directory the filter refuses is not entered.

import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { getFileMatchers } from 'app-builder-lib/out/fileMatcher';

export function matchedFiles(config: Configuration, projectDir: string): string[] {
  const matchers =
    getFileMatchers(config, 'files', projectDir, {
      macroExpander: (pattern) => pattern,
      customBuildOptions: {},
      globalOutDir: path.join(projectDir, config.directories?.output ?? 'dist'),
      defaultSrc: projectDir,
    }) ?? [];
  const [main] = matchers;
  // electron-builder always adds package.json to the main file set (getMainFileMatchers).
  if (main && !main.patterns.includes('package.json')) main.addPattern('package.json');

  const found = new Set<string>();
  for (const matcher of matchers) {
    const filter = matcher.createFilter();
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        const stat = statSync(file);
        if (!filter(file, stat)) continue;
        if (stat.isDirectory()) walk(file);
        else found.add(path.relative(projectDir, file).split(path.sep).join('/'));
      }
    };
    walk(matcher.from);
  }
  return [...found].sort();
}
