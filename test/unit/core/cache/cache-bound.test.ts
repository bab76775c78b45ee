// The cache never holds a file over its bound: an answer that would make one is not stored, and
// an older entry for its key goes, so the next start does not show it as the latest.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheFileName, createCacheStore } from '../../../../electron/core/cache';
import { createSilentLogger } from '../../../../electron/core/logs/logger';

const BOUND = 4 * 1024;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cache-bound-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const store = () => createCacheStore({ dir, log: createSilentLogger(), maxEntryBytes: BOUND });
const at = '2026-01-01T00:00:00.000Z';

describe('a cache entry over the bound', () => {
  it('is not written, and the older entry for its key goes', async () => {
    const first = store();
    await first.write('deal:1', { name: 'Acme', notes: 'short' }, at);
    const file = join(dir, cacheFileName('deal:1'));
    expect((await stat(file)).size).toBeLessThanOrEqual(BOUND);

    await first.write('deal:1', { name: 'Acme', notes: 'x'.repeat(BOUND) }, at);
    expect(await readdir(dir)).toEqual([]);
    // The next start has nothing for it: the service is asked instead.
    expect(await store().read('deal:1')).toBeUndefined();
  });

  it('keeps an entry right up to the bound', async () => {
    const first = store();
    const overhead = JSON.stringify({ key: 'k', fetchedAt: at, value: '' }).length + 1;
    await first.write('k', 'y'.repeat(BOUND - overhead), at);
    const file = join(dir, cacheFileName('k'));
    expect((await stat(file)).size).toBe(BOUND);
    expect((await store().read('k'))?.value).toBe('y'.repeat(BOUND - overhead));
  });
});
