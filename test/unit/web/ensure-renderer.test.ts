import { mkdir, mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RENDERER_SOURCES, rendererIsStale } from '../../../electron/web/ensure-renderer';

const repo = join(import.meta.dirname, '..', '..', '..');

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the renderer built before browser mode and the browser tests', () => {
  let project = '';
  afterEach(async () => {
    if (project !== '') await rm(project, { recursive: true, force: true });
  });

  it('watches every folder of electron/ the renderer imports', async () => {
    const imported = new Set<string>();
    for (const file of await sourceFiles(join(repo, 'src'))) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(/from '((?:\.\.\/)+electron\/[^/']+)/g)) {
        const folder = relative(repo, join(dirname(file), match[1] ?? ''));
        imported.add(folder.split('\\').join('/'));
      }
    }
    expect(imported.size).toBeGreaterThan(0);
    for (const folder of imported) expect(RENDERER_SOURCES, folder).toContain(folder);
  });

  it('is rebuilt when a catalogue changes after the build', async () => {
    project = await mkdtemp(join(tmpdir(), 'ensure-renderer-'));
    const catalogue = join(project, 'electron', 'domain', 'i18n', 'de.json');
    const built = join(project, 'out', 'renderer', 'index.html');
    await mkdir(dirname(catalogue), { recursive: true });
    await mkdir(dirname(built), { recursive: true });
    await writeFile(catalogue, '{}');
    await writeFile(built, '<!doctype html>');
    const earlier = new Date(Date.now() - 60_000);
    await utimes(catalogue, earlier, earlier);
    expect(await rendererIsStale(project)).toBe(false);
    await utimes(catalogue, new Date(), new Date());
    expect(await rendererIsStale(project)).toBe(true);
  });
});
