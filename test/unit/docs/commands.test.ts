// The docs stay runnable: every command the README, CONTRIBUTING and the docs give names a script
// or file that exists, every relative link resolves (its heading too), the README and the
// architecture guide stay short, and the command-line help the docs point to runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentProblems, headingAnchors, type Repository } from './doc-check';

const root = join(import.meta.dirname, '..', '..', '..');
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  '.git',
  'out',
  'dist',
  'release',
  'coverage',
  'test-results',
  'playwright-report',
  'screenshots',
]);

/** Every markdown file of the repository, as a path from its root with `/`. */
function markdownFiles(folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : markdownFiles(path);
    return entry.name.endsWith('.md') ? [relative(root, path).split(sep).join('/')] : [];
  });
}

const PackageJson = z.object({ scripts: z.record(z.string(), z.string()) });

function repository(): Repository {
  const { scripts } = PackageJson.parse(
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')),
  );
  const binFolder = join(root, 'node_modules', '.bin');
  const bins = existsSync(binFolder)
    ? readdirSync(binFolder).map((name) => name.replace(/\.(cmd|ps1)$/, ''))
    : [];
  return {
    scripts: new Set(Object.keys(scripts)),
    bins: new Set(bins),
    exists: (path) => existsSync(join(root, path)),
    anchors: (path) =>
      path.endsWith('.md') ? headingAnchors(readFileSync(join(root, path), 'utf8')) : undefined,
  };
}

const lineCount = (path: string) =>
  readFileSync(join(root, path), 'utf8').replace(/\n$/, '').split('\n').length;

describe('the docs', () => {
  const files = markdownFiles();

  it('include the README, CONTRIBUTING and every guide in docs/', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md']));
    expect(files.filter((file) => file.startsWith('docs/')).length).toBeGreaterThanOrEqual(9);
  });

  it('name only scripts and files that exist, and links that resolve', () => {
    const repo = repository();
    const problems = files.flatMap((file) =>
      documentProblems(file, readFileSync(join(root, file), 'utf8'), repo),
    );
    expect(problems).toEqual([]);
  });

  it('keep the README within 120 lines and the architecture guide within 200', () => {
    expect(lineCount('README.md')).toBeLessThanOrEqual(120);
    expect(lineCount('docs/ARCHITECTURE.md')).toBeLessThanOrEqual(200);
  });

  // npm starts this test run (npm test, npx vitest), and says where its own script is.
  const npmCli = process.env.npm_execpath;
  const cliBuilt = existsSync(join(root, 'out', 'cli', 'main.js'));
  it.skipIf(npmCli === undefined || !cliBuilt)(
    "run the command line's --help and --version as docs/command-line.md gives them",
    () => {
      const guide = readFileSync(join(root, 'docs', 'command-line.md'), 'utf8');
      for (const flag of ['--help', '--version']) {
        const command = `npm run -s assistant -- ${flag}`;
        expect(guide).toContain(command);
        const run = spawnSync(
          process.execPath,
          [npmCli ?? '', 'run', '-s', 'assistant', '--', flag],
          { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
        );
        expect(run.status, `${command}: ${run.stderr}`).toBe(0);
        expect(run.stdout).toContain('assistant');
      }
    },
  );
});
