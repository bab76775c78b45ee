import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PAIRINGS_FILE,
  createPairingStore,
  type PairingChange,
} from '../../../../electron/core/companion/pairings';

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
    await store.decide(ORIGIN, 'allowed');
    await store.markUsed(ORIGIN);

    const again = createPairingStore(dir);
    await again.load();
    expect(again.get(ORIGIN)).toEqual({
      origin: ORIGIN,
      decision: 'allowed',
      decidedAt: at.toISOString(),
      lastUsedAt: at.toISOString(),
    });
    await store.revoke(ORIGIN);
    expect(changes).toEqual([
      { kind: 'decided', origin: ORIGIN, decision: 'allowed' },
      { kind: 'revoked', origin: ORIGIN },
    ]);
    const third = createPairingStore(dir);
    await third.load();
    expect(third.list()).toEqual([]);
  });

  it('refuses an origin that is not an extension’s', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pairings-'));
    const store = createPairingStore(dir);
    await expect(store.decide('https://example.com/', 'allowed')).rejects.toThrow();
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
