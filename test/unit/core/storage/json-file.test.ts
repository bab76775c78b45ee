import { mkdtemp, open, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJsonFile, writeJsonFileAtomic } from '../../../../electron/core/storage/json-file';

const Settings = z.object({ theme: z.enum(['light', 'dark', 'system']) });

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'assistant-storage-'));
}

describe('json files in the data directory', () => {
  it('round-trips a value and leaves no temporary file behind', async () => {
    const dir = await tempDir();
    const path = join(dir, 'nested', 'settings.json');
    await writeJsonFileAtomic(path, { theme: 'dark' });
    expect(await readJsonFile(path, Settings)).toEqual({ status: 'ok', value: { theme: 'dark' } });
    expect(await readdir(join(dir, 'nested'))).toEqual(['settings.json']);
  });

  it('replaces a file while the app keeps reading it, and every read sees a whole file', async () => {
    const dir = await tempDir();
    const path = join(dir, 'meta.json');
    await writeJsonFileAtomic(path, { theme: 'light' });
    let reading = true;
    const seen = new Set<string>();
    // The app's own readers (the retention pass, a run's page) read files as they are replaced:
    // Windows refuses the move while a read holds the file, so the two take turns.
    const reader = (async () => {
      while (reading) seen.add(JSON.stringify(await readJsonFile(path, Settings)));
    })();
    try {
      for (let i = 0; i < 40; i += 1) {
        await writeJsonFileAtomic(path, { theme: i % 2 === 0 ? 'dark' : 'light' });
      }
    } finally {
      reading = false;
      await reader;
    }
    expect(await readJsonFile(path, Settings)).toEqual({ status: 'ok', value: { theme: 'light' } });
    expect([...seen].every((read) => read.startsWith('{"status":"ok"'))).toBe(true);
    expect(await readdir(dir)).toEqual(['meta.json']);
  });

  it('replaces a file another program holds open for a moment (Windows refuses until it lets go)', async () => {
    const dir = await tempDir();
    const path = join(dir, 'settings.json');
    await writeJsonFileAtomic(path, { theme: 'light' });
    // A handle that is not the app's (an antivirus scan, the search indexer) takes no turns.
    const scan = await open(path, 'r');
    const letGo = new Promise((done) => setTimeout(done, 300)).then(() => scan.close());
    try {
      await writeJsonFileAtomic(path, { theme: 'dark' });
    } finally {
      await letGo;
    }
    expect(await readJsonFile(path, Settings)).toEqual({ status: 'ok', value: { theme: 'dark' } });
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('reports a missing file as missing', async () => {
    expect(await readJsonFile(join(await tempDir(), 'none.json'), Settings)).toEqual({
      status: 'missing',
    });
  });

  it('sets a file that is not JSON aside and keeps its bytes', async () => {
    const dir = await tempDir();
    const path = join(dir, 'settings.json');
    await writeFile(path, '{"theme": "da');
    const result = await readJsonFile(path, Settings, () => new Date('2026-11-22T08:00:00.000Z'));
    expect(result).toMatchObject({ status: 'corrupt', reason: 'not valid JSON' });
    if (result.status !== 'corrupt') throw new Error('expected corrupt');
    expect(await readFile(result.setAsidePath, 'utf8')).toBe('{"theme": "da');
    expect(await readdir(dir)).toEqual(['settings.json.corrupt-2026-11-22T08-00-00-000Z']);
  });

  it('names the field when the JSON does not match the schema', async () => {
    const dir = await tempDir();
    const path = join(dir, 'settings.json');
    await writeFile(path, JSON.stringify({ theme: 'purple' }));
    const result = await readJsonFile(path, Settings);
    expect(result.status).toBe('corrupt');
    if (result.status === 'corrupt') expect(result.reason).toMatch(/^theme: /);
  });
});
