// docs/ARCHITECTURE.md states facts a reader acts on: the size limits, the files left out of them,
// the order features may import in, what the contract takes from the domain, the rooms of the
// code. Each is read from the document and compared with what enforces or is it, so the document
// cannot drift from the code unnoticed. The README's table must lead to every note in docs/.
import { ESLint } from 'eslint';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importGraph, REPO_ROOT } from '../../support/import-graph';

const architecture = readFileSync(join(REPO_ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

interface Limit {
  max: number;
  skipBlankLines: boolean;
  skipComments: boolean;
}

/** A size rule's options as ESLint would apply them to `path` (null when the rule is off). */
async function limitFor(path: string, rule: string): Promise<Limit | null> {
  const config = (await eslint.calculateConfigForFile(join(REPO_ROOT, path))) as {
    rules?: Record<string, unknown>;
  };
  const setting = config.rules?.[rule];
  if (!Array.isArray(setting) || setting[0] === 'off' || setting[0] === 0) return null;
  return setting[1] as Limit;
}

/** The rows of the sizes table: where, lines a file, lines a function, what is not counted. */
function sizeRows(): Array<{ where: string; file: number; fn: number; counted: string }> {
  return architecture
    .split('\n')
    .map((line) => /^\s*\| `([^`]+)`\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*([^|]+?)\s*\|$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, where = '', file = '', fn = '', counted = '']) => ({
      where,
      file: Number(file),
      fn: Number(fn),
      counted,
    }));
}

describe('docs/ARCHITECTURE.md', () => {
  it('states the size limits lint enforces, where it enforces them', async () => {
    const rows = sizeRows();
    expect(rows.map((row) => row.where)).toEqual(['src/', 'electron/', 'extension/src/']);
    for (const row of rows) {
      const probe = `${row.where}core/probe.ts`;
      const file = await limitFor(probe, 'max-lines');
      const fn = await limitFor(probe, 'max-lines-per-function');
      expect(file?.max, `${row.where} lines a file`).toBe(row.file);
      expect(fn?.max, `${row.where} lines a function`).toBe(row.fn);
      const counted = {
        'not counted': [true, true],
        'counted in files, not in functions': [false, true],
      }[row.counted];
      expect(counted, `${row.where}: "${row.counted}"`).toBeDefined();
      expect([file?.skipBlankLines, fn?.skipBlankLines], row.where).toEqual(counted);
      expect([file?.skipComments, fn?.skipComments], row.where).toEqual(counted);
    }
  });

  it('names the data files left out of the limits, and lint leaves out just those', async () => {
    const named = /the data files aside \(`([^`]+)`/.exec(architecture)?.[1];
    expect(named).toBe('electron/demo-service/data/accounts.ts');
    expect(await limitFor(named as string, 'max-lines')).toBeNull();
    expect(await limitFor('electron/demo-service/data/probe.ts', 'max-lines')).not.toBeNull();
  });

  it('gives the features in the order lint lets them import each other', () => {
    const config = readFileSync(join(REPO_ROOT, 'eslint.config.js'), 'utf8');
    const inLint = [
      ...(/const featureOrder = \[([^\]]*)\]/.exec(config)?.[1] ?? '').matchAll(/'([a-z-]+)'/g),
    ].map((match) => match[1]);
    const inDocs = (
      /`featureOrder` \(eslint\.config\.js: ([a-z, \n]+)\)/.exec(architecture)?.[1] ?? ''
    )
      .split(/,\s*/)
      .map((name) => name.trim());
    expect(inLint.length).toBeGreaterThan(5);
    expect(inDocs).toEqual(inLint);
  });

  it('names every module of the domain the contract imports', () => {
    const graph = importGraph('electron/contract');
    const imported = new Set(
      [...graph.entries()]
        .filter(([file]) => file.startsWith('electron/contract/'))
        .flatMap(([, targets]) => targets)
        .filter((target) => target.startsWith('electron/domain/'))
        .map((target) => target.replace(/^electron\/(domain\/.*)\.ts$/, '$1')),
    );
    const sentence = /of the domain it imports only what[^.]*\./s.exec(architecture)?.[0] ?? '';
    const named = new Set([...sentence.matchAll(/`(domain\/[^`]+)`/g)].map((match) => match[1]));
    expect(imported.size).toBeGreaterThan(0);
    expect(named).toEqual(imported);
  });

  it('lists every room of electron/, its domain and core, and src/ in its rooms', () => {
    const rooms = architecture.slice(architecture.indexOf('## Rooms'));
    const folders = (path: string) =>
      readdirSync(join(REPO_ROOT, path)).filter((name) =>
        statSync(join(REPO_ROOT, path, name)).isDirectory(),
      );
    const missing = [
      ...folders('electron').map((name) => `electron/${name}`),
      ...folders('electron/core').map((name) => `electron/core/${name}`),
      ...folders('electron/domain').map((name) => `electron/domain/${name}`),
      ...folders('src').map((name) => `src/${name}`),
    ].filter((path) => {
      const name = path.slice(path.lastIndexOf('/') + 1);
      return !new RegExp(`(^|\\s)${name}/`, 'm').test(rooms);
    });
    expect(missing).toEqual([]);
  });
});

describe("the README's table of notes", () => {
  it('leads to every note in docs/', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Where to read on'));
    const notes = readdirSync(join(REPO_ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    expect(notes.length).toBeGreaterThan(5);
    expect(notes.filter((note) => !table.includes(`](docs/${note})`))).toEqual([]);
  });
});
