// Which browsers the user trusts: an extension origin is allowed or denied by the user, once, and
// the decision kept in the data directory (zod-validated JSON, written atomically). An origin not
// decided yet is pending while someone asks; Revoke forgets the decision (and the host cuts that
// origin's live connections), so the next connection asks again.
import { join } from 'node:path';
import { z } from 'zod';
import { CompanionBrowserName, Timestamp } from '../../contract';
import { readJsonFile, writeJsonFileAtomic } from '../storage/json-file';
import { ExtensionOrigin } from './protocol';

export const PAIRINGS_FILE = 'companion-pairings.json';

export const Decision = z.enum(['allowed', 'denied']);
export type Decision = z.infer<typeof Decision>;

export const PairingEntry = z.object({
  origin: ExtensionOrigin,
  decision: Decision,
  decidedAt: Timestamp,
  /** When an allowed extension last connected. */
  lastUsedAt: Timestamp.optional(),
  /** Which browser it came from, as its relay last said; a name not known is dropped. */
  browser: CompanionBrowserName.optional().catch(undefined),
});
export type PairingEntry = z.infer<typeof PairingEntry>;

const PairingsFile = z.object({ version: z.literal(1), entries: z.array(PairingEntry).max(1000) });

export type PairingChange =
  { kind: 'decided'; origin: string; decision: Decision } | { kind: 'revoked'; origin: string };

export interface PairingStore {
  /** Reads the file; a problem (a corrupt file set aside) is said, and the store starts empty. */
  load(): Promise<{ problem?: string }>;
  get(origin: string): PairingEntry | undefined;
  list(): PairingEntry[];
  decide(origin: string, decision: Decision, browser?: CompanionBrowserName): Promise<void>;
  revoke(origin: string): Promise<void>;
  markUsed(origin: string, browser?: CompanionBrowserName): Promise<void>;
  subscribe(listener: (change: PairingChange) => void): () => void;
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
    async decide(origin, decision, browser) {
      const valid = ExtensionOrigin.parse(origin);
      const known = browser ?? entries.get(valid)?.browser;
      entries.set(valid, {
        origin: valid,
        decision,
        decidedAt: now().toISOString(),
        ...(known === undefined ? {} : { browser: known }),
      });
      await save();
      tell({ kind: 'decided', origin: valid, decision });
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
