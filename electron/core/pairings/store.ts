// Which browsers the user trusts: an extension origin is allowed or denied by the user, and the
// decision kept in the data directory (zod-validated JSON, written atomically). An Allow binds a
// key: the store makes a random one, hands it out once (to the connections waiting at that
// moment, which pass it to the extension) and keeps only its hash, so a later connection that
// merely claims the origin, or a reader of this file, has nothing to present. An origin not
// decided yet is pending while someone asks; Revoke forgets the decision (and the host cuts that
// origin's live connections), so the next connection asks again.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { CompanionBrowserName, CompanionOrigin, PairingKey, Timestamp } from '../../contract';
import { readJsonFile, writeJsonFileAtomic } from '../storage/json-file';

export const PAIRINGS_FILE = 'companion-pairings.json';

export const Decision = z.enum(['allowed', 'denied']);
export type Decision = z.infer<typeof Decision>;

/** SHA-256 of a pairing key, hex: the key is 256 random bits, so no slow hash is needed. */
const KeyHash = z.string().regex(/^[0-9a-f]{64}$/);

export const PairingEntry = z.object({
  origin: CompanionOrigin,
  decision: Decision,
  decidedAt: Timestamp,
  /**
   * The hash of the key the Allow handed out. An allowed entry without one was made before
   * pairings carried keys: it counts for nothing until the user allows that browser again.
   */
  keyHash: KeyHash.optional(),
  /** When an allowed extension last connected. */
  lastUsedAt: Timestamp.optional(),
  /** Which browser it came from, as its relay last said; a name not known is dropped. */
  browser: CompanionBrowserName.optional().catch(undefined),
});
export type PairingEntry = z.infer<typeof PairingEntry>;

const PairingsFile = z.object({ version: z.literal(1), entries: z.array(PairingEntry).max(1000) });

export type PairingChange =
  | { kind: 'decided'; origin: string; decision: 'denied' }
  /** `key`: the new key, for the connections waiting now; it is kept nowhere else. */
  | { kind: 'decided'; origin: string; decision: 'allowed'; key: string }
  | { kind: 'revoked'; origin: string };

/** What a connection of an origin may be, from the stored decision and the key it presented. */
export type Standing = 'allowed' | 'denied' | 'undecided' | 'reallow' | 'wrong-key';

export interface PairingStore {
  /** Reads the file; a problem (a corrupt file set aside) is said, and the store starts empty. */
  load(): Promise<{ problem?: string }>;
  get(origin: string): PairingEntry | undefined;
  list(): PairingEntry[];
  /** Where a connection of `origin` presenting `key` (or none) stands. */
  standing(origin: string, key: string | undefined): Standing;
  /** Keeps an Allow; resolves to its new key (also told to the listeners). */
  allow(origin: string, browser?: CompanionBrowserName): Promise<string>;
  deny(origin: string, browser?: CompanionBrowserName): Promise<void>;
  revoke(origin: string): Promise<void>;
  markUsed(origin: string, browser?: CompanionBrowserName): Promise<void>;
  subscribe(listener: (change: PairingChange) => void): () => void;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new pairing key: 256 random bits, base64url (43 characters). */
export function newPairingKey(): string {
  return randomBytes(32).toString('base64url');
}

function sameHash(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** Where an entry leaves a connection presenting `key`. */
export function standingOf(entry: PairingEntry | undefined, key: string | undefined): Standing {
  if (entry === undefined) return 'undecided';
  if (entry.decision === 'denied') return 'denied';
  if (entry.keyHash === undefined) return 'reallow';
  const presented = key === undefined ? undefined : PairingKey.safeParse(key);
  if (presented?.success !== true) return 'wrong-key';
  return sameHash(hashKey(presented.data), entry.keyHash) ? 'allowed' : 'wrong-key';
}

export function createPairingStore(
  dataDir: string,
  now: () => Date = () => new Date(),
): PairingStore {
  const path = join(dataDir, PAIRINGS_FILE);
  const entries = new Map<string, PairingEntry>();
  const listeners = new Set<(change: PairingChange) => void>();
  const save = () => writeJsonFileAtomic(path, { version: 1, entries: [...entries.values()] });
  const tell = (change: PairingChange) => {
    for (const listener of [...listeners]) listener(change);
  };
  const keep = async (
    origin: string,
    decision: Decision,
    keyHash: string | undefined,
    browser: CompanionBrowserName | undefined,
  ) => {
    const valid = CompanionOrigin.parse(origin);
    const known = browser ?? entries.get(valid)?.browser;
    entries.set(valid, {
      origin: valid,
      decision,
      decidedAt: now().toISOString(),
      ...(keyHash === undefined ? {} : { keyHash }),
      ...(known === undefined ? {} : { browser: known }),
    });
    await save();
    return valid;
  };

  return {
    async load() {
      const read = await readJsonFile(path, PairingsFile, now);
      entries.clear();
      if (read.status === 'ok') {
        for (const entry of read.value.entries) entries.set(entry.origin, entry);
        return {};
      }
      if (read.status === 'missing') return {};
      return {
        problem: `The browser companion's decisions were unreadable (${read.reason}) and were set aside as ${read.setAsidePath}; each browser will be asked again.`,
      };
    },
    get: (origin) => entries.get(origin),
    list: () => [...entries.values()],
    standing: (origin, key) => standingOf(entries.get(origin), key),
    async allow(origin, browser) {
      const key = newPairingKey();
      const valid = await keep(origin, 'allowed', hashKey(key), browser);
      tell({ kind: 'decided', origin: valid, decision: 'allowed', key });
      return key;
    },
    async deny(origin, browser) {
      const valid = await keep(origin, 'denied', undefined, browser);
      tell({ kind: 'decided', origin: valid, decision: 'denied' });
    },
    async revoke(origin) {
      if (!entries.delete(origin)) return;
      await save();
      tell({ kind: 'revoked', origin });
    },
    async markUsed(origin, browser) {
      const entry = entries.get(origin);
      if (entry === undefined) return;
      const known = browser ?? entry.browser;
      entries.set(origin, {
        ...entry,
        lastUsedAt: now().toISOString(),
        ...(known === undefined ? {} : { browser: known }),
      });
      await save();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
