import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PAIRINGS_FILE,
  createPairingStore,
  hashKey,
  type PairingChange,
} from '../../../../electron/core/pairings/store';

const ORIGIN = `chrome-extension://${'d'.repeat(32)}/`;
let dir: string | undefined;
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('the pairing decisions', () => {
  it('keeps decisions across starts, tells listeners, and forgets a revoked browser', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pairings-'));
    const at = new Date('2026-11-27T10:00:00.000Z');
    const store = createPairingStore(dir, () => at);
    expect(await store.load()).toEqual({});
    const changes: PairingChange[] = [];
    store.subscribe((change) => changes.push(change));
    const key = await store.allow(ORIGIN);
    await store.markUsed(ORIGIN);

    const again = createPairingStore(dir);
    await again.load();
    expect(again.get(ORIGIN)).toEqual({
      origin: ORIGIN,
      decision: 'allowed',
      decidedAt: at.toISOString(),
      keyHash: hashKey(key),
      lastUsedAt: at.toISOString(),
    });
    await store.revoke(ORIGIN);
    expect(changes).toEqual([
      { kind: 'decided', origin: ORIGIN, decision: 'allowed', key },
      { kind: 'revoked', origin: ORIGIN },
    ]);
    const third = createPairingStore(dir);
    await third.load();
    expect(third.list()).toEqual([]);
  });

  it('refuses an origin that is not an extension’s', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pairings-'));
    const store = createPairingStore(dir);
    await expect(store.allow('https://example.com/')).rejects.toThrow();
  });

  it('binds an Allow to a key of 256 random bits, keeps only its hash, and knows it again', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pairings-'));
    const store = createPairingStore(dir);
    const key = await store.allow(ORIGIN);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(await store.allow(ORIGIN)).not.toBe(key);
    const latest = await store.allow(ORIGIN);
    const file = await readFile(join(dir, PAIRINGS_FILE), 'utf8');
    expect(file).not.toContain(latest);
    expect(file).toContain(hashKey(latest));

    const again = createPairingStore(dir);
    await again.load();
    expect(again.standing(ORIGIN, latest)).toBe('allowed');
    expect(again.standing(ORIGIN, key)).toBe('wrong-key');
    expect(again.standing(ORIGIN, undefined)).toBe('wrong-key');
    expect(again.standing(ORIGIN, 'short')).toBe('wrong-key');
    expect(again.standing(`chrome-extension://${'e'.repeat(32)}/`, latest)).toBe('undecided');
    await again.deny(ORIGIN);
    expect(again.standing(ORIGIN, latest)).toBe('denied');
    expect(again.get(ORIGIN)?.keyHash).toBeUndefined();
  });

  it('reads an Allow made before keys as one to be made again', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pairings-'));
    await writeFile(
      join(dir, PAIRINGS_FILE),
      JSON.stringify({
        version: 1,
        entries: [{ origin: ORIGIN, decision: 'allowed', decidedAt: '2026-01-01T00:00:00.000Z' }],
      }),
    );
    const store = createPairingStore(dir);
    expect(await store.load()).toEqual({});
    expect(store.standing(ORIGIN, undefined)).toBe('reallow');
    expect(store.standing(ORIGIN, 'A'.repeat(43))).toBe('reallow');
  });

  it('sets a corrupt file aside, says so, and starts with no decisions', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pairings-'));
    await writeFile(
      join(dir, PAIRINGS_FILE),
      JSON.stringify({
        version: 1,
        entries: [{ origin: 'https://evil.example/', decision: 'allowed' }],
      }),
    );
    const store = createPairingStore(dir);
    const { problem } = await store.load();
    expect(problem).toContain('set aside');
    expect(store.list()).toEqual([]);
    expect((await readdir(dir)).some((name) => name.includes('.corrupt-'))).toBe(true);
  });
});
