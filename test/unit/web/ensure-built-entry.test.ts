// The launch file runs out/web/cli.js: `npm run web` rebuilds it when missing or older than what it
// bundles, so a browser's relay never starts older code than the tree's.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtEntryIsStale } from '../../../electron/web/ensure-built-entry';

describe("browser mode's built entry", () => {
  let root = '';
  afterEach(async () => {
    if (root !== '') await rm(root, { recursive: true, force: true });
  });

  it('is stale when missing, or when a file under electron/ changed after it', async () => {
    root = await mkdtemp(join(tmpdir(), 'ensure-built-entry-'));
    const source = join(root, 'electron', 'companion', 'start.ts');
    const entry = join(root, 'out', 'web', 'cli.js');
    await mkdir(dirname(source), { recursive: true });
    await writeFile(source, 'export {};');
    expect(await builtEntryIsStale(root, entry)).toBe(true);

    await mkdir(dirname(entry), { recursive: true });
    await writeFile(entry, '// built');
    const earlier = new Date(Date.now() - 60_000);
    await utimes(source, earlier, earlier);
    await utimes(dirname(source), earlier, earlier);
    await utimes(join(root, 'electron'), earlier, earlier);
    expect(await builtEntryIsStale(root, entry)).toBe(false);

    await utimes(source, new Date(), new Date());
    expect(await builtEntryIsStale(root, entry)).toBe(true);
  });
});
