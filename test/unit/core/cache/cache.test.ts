// Serve from cache, refresh in the background: the app opens at once from what the last session
// saw (marked stale), fresher data is announced, and a failing service falls back to the cache
// with the error rather than an empty screen. Sign-out clears it.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AssistantError } from '../../../../electron/core/errors';
import {
  cacheFileName,
  createCachedReader,
  createCacheStore,
} from '../../../../electron/core/cache';
import type { JsonValue } from '../../../../electron/contract';
import { createLogger, createSilentLogger } from '../../../../electron/core/logs/logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cache-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const isText = (value: JsonValue) => (typeof value === 'string' ? value : undefined);

function setup() {
  const log = createSilentLogger();
  const store = createCacheStore({ dir, log });
  const refreshed: string[] = [];
  let announce: () => void = () => {};
  const announced = new Promise<void>((resolve) => {
    announce = resolve;
  });
  const reader = createCachedReader({
    store,
    log,
    onRefreshed: (key) => {
      refreshed.push(key);
      announce();
    },
  });
  return { store, reader, refreshed, announced };
}

const offline = () =>
  Promise.reject(new AssistantError({ kind: 'network', message: 'Could not reach the service' }));

describe('cached reads', () => {
  it('asks the service when nothing is cached, then keeps the answer on disk', async () => {
    const { reader } = setup();
    const first = await reader.read({
      key: 'briefings.morning',
      refresh: false,
      fetch: async () => 'fresh',
      accept: isText,
    });
    expect(first).toMatchObject({ value: 'fresh', stale: false });
    // A new session (a restart) reads it from disk, offline.
    const restarted = setup();
    const again = await restarted.reader.read({
      key: 'briefings.morning',
      refresh: false,
      fetch: offline,
      accept: isText,
    });
    expect(again).toMatchObject({ value: 'fresh', stale: true, fetchedAt: first.fetchedAt });
  });

  it('answers from cache at once and announces fresher data when it arrives', async () => {
    const earlier = setup();
    await earlier.store.write('agents', 'old', '2026-01-01T00:00:00.000Z');
    const { reader, refreshed, announced } = setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = await reader.read({
      key: 'agents',
      refresh: false,
      fetch: async () => {
        await gate;
        return 'new';
      },
      accept: isText,
    });
    expect(answer).toEqual({ value: 'old', fetchedAt: '2026-01-01T00:00:00.000Z', stale: true });
    release();
    await announced;
    expect(refreshed).toEqual(['agents']);
    const after = await reader.read({
      key: 'agents',
      refresh: false,
      fetch: offline,
      accept: isText,
    });
    expect(after).toMatchObject({ value: 'new', stale: false });
  });

  it('falls back to the cache with the error when a refresh fails', async () => {
    const { reader, store } = setup();
    await store.write('metadata', 'cached', '2026-01-01T00:00:00.000Z');
    const answer = await reader.read({
      key: 'metadata',
      refresh: true,
      fetch: offline,
      accept: isText,
    });
    expect(answer).toMatchObject({
      value: 'cached',
      stale: true,
      error: { code: 'network_error', retryable: true },
    });
  });

  it('fails when there is neither cache nor service', async () => {
    const { reader } = setup();
    await expect(
      reader.read({ key: 'deals', refresh: false, fetch: offline, accept: isText }),
    ).rejects.toMatchObject({ kind: 'network' });
  });

  it('ignores a cached value of an older shape, and a corrupt file', async () => {
    const { reader, store } = setup();
    await store.write('deals', { old: 'shape' }, '2026-01-01T00:00:00.000Z');
    await writeFile(join(dir, cacheFileName('agents')), '{ nope');
    const fresh = setup();
    expect(
      await fresh.reader.read({
        key: 'deals',
        refresh: false,
        fetch: async () => 'x',
        accept: isText,
      }),
    ).toMatchObject({ value: 'x', stale: false });
    expect(
      await fresh.reader.read({
        key: 'agents',
        refresh: false,
        fetch: async () => 'y',
        accept: isText,
      }),
    ).toMatchObject({ value: 'y' });
    void reader;
  });

  it('cancels background refreshes on close, and neither stores nor logs what lands after', async () => {
    const earlier = setup();
    await earlier.store.write('agents', 'old', '2026-01-01T00:00:00.000Z');
    const entries: string[] = [];
    const log = createLogger({ level: 'debug', onEntry: (entry) => entries.push(entry.message) });
    const store = createCacheStore({ dir, log });
    const refreshed: string[] = [];
    const reader = createCachedReader({
      store,
      log,
      onRefreshed: (key) => refreshed.push(key),
    });
    let started: (signal: AbortSignal) => void = () => {};
    const fetchStarted = new Promise<AbortSignal>((resolve) => {
      started = resolve;
    });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = await reader.read({
      key: 'agents',
      refresh: false,
      // A fetch that ignores its signal, as a slow one might: its late answer must still be dropped.
      fetch: async (signal) => {
        started(signal);
        await gate;
        return 'new';
      },
      accept: isText,
    });
    expect(answer).toMatchObject({ value: 'old', stale: true });
    const signal = await fetchStarted;
    expect(signal.aborted).toBe(false);

    const closing = reader.close();
    expect(signal.aborted).toBe(true);
    release();
    await closing;
    expect(refreshed).toEqual([]);
    expect(entries).toEqual([]);
    expect(await setup().store.read('agents')).toMatchObject({ value: 'old' });
    await expect(
      reader.read({ key: 'deals', refresh: true, fetch: async () => 'x', accept: isText }),
    ).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('forgets everything on clear', async () => {
    const { store } = setup();
    await store.write('deal:1', 'a', '2026-01-01T00:00:00.000Z');
    await store.write('deals', 'b', '2026-01-01T00:00:00.000Z');
    await store.clear();
    expect(await readdir(dir)).toEqual([]);
    expect(await store.read('deals')).toBeUndefined();
  });

  it('never shapes a file path from a key', () => {
    expect(cacheFileName('deal:../../etc/passwd')).toMatch(
      /^deal_______etc_passwd-[0-9a-f]{16}\.json$/,
    );
    expect(cacheFileName('deal:a')).not.toBe(cacheFileName('deal:b'));
  });
});
