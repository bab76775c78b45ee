// The last answers worth showing at once on the next start, even offline: metadata, briefings,
// agents, deals. One JSON file per key in the data directory, validated on read (a corrupt file
// is set aside and treated as absent). It holds the signed-in user's data, so sign-out clears it.
// No file is ever larger than the bound on one answer (core/limits.ts): an entry that would be
// is not stored, and an older one for its key goes, so a later start never shows it as current.
import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { JsonValue } from '../../contract';
import type { Logger } from '../logs/logger';
import { DEFAULT_ANSWER_LIMITS } from '../limits';
import { readJsonFile, writeFileAtomic } from '../storage/json-file';
import { makePrivateDir } from '../storage/private-files';

const Entry = z.object({ key: z.string(), fetchedAt: z.iso.datetime(), value: JsonValue });

export interface CacheEntry {
  value: JsonValue;
  fetchedAt: string;
}

export interface CacheStore {
  read(key: string): Promise<CacheEntry | undefined>;
  write(key: string, value: JsonValue, fetchedAt: string): Promise<void>;
  /** Forgets everything (sign-out, another service). */
  clear(): Promise<void>;
}

/** A file name for any key: readable prefix plus a hash, so ids never shape a path. */
export function cacheFileName(key: string): string {
  const readable = key.replace(/[^a-z0-9-]/gi, '_').slice(0, 40);
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return `${readable}-${hash}.json`;
}

export function createCacheStore(options: {
  dir: string;
  log: Logger;
  /** Largest cache file, in bytes (default: the bound on one answer, core/limits.ts). */
  maxEntryBytes?: number;
}): CacheStore {
  const { dir, log } = options;
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_ANSWER_LIMITS.maxBodyBytes;
  const memory = new Map<string, CacheEntry>();
  // Bumped by clear(): a write that started before a sign-out must not land after it.
  let generation = 0;

  return {
    async read(key) {
      const hit = memory.get(key);
      if (hit) return hit;
      try {
        const read = await readJsonFile(join(dir, cacheFileName(key)), Entry);
        if (read.status === 'corrupt') {
          log.warn('A cache file was corrupt and was set aside', {
            key,
            reason: read.reason,
            setAsidePath: read.setAsidePath,
          });
        }
        if (read.status !== 'ok' || read.value.key !== key) return undefined;
        const entry = { value: read.value.value, fetchedAt: read.value.fetchedAt };
        memory.set(key, entry);
        return entry;
      } catch (error) {
        log.warn('Could not read the cache', { key, error });
        return undefined;
      }
    },

    async write(key, value, fetchedAt) {
      const started = generation;
      const path = join(dir, cacheFileName(key));
      memory.set(key, { value, fetchedAt });
      try {
        const text = `${JSON.stringify({ key, fetchedAt, value })}\n`;
        const bytes = Buffer.byteLength(text);
        if (bytes > maxEntryBytes) {
          log.warn('An answer too large for the cache was not stored', { key, bytes });
          await rm(path, { force: true });
          return;
        }
        await writeFileAtomic(path, text);
        if (started !== generation) await rm(path, { force: true });
      } catch (error) {
        // The cache is a convenience: failing to write it must not fail the request.
        log.warn('Could not write the cache', { key, error });
      }
    },

    async clear() {
      generation += 1;
      memory.clear();
      try {
        await makePrivateDir(dir);
        for (const name of await readdir(dir)) {
          if (name.endsWith('.json') || name.endsWith('.tmp')) {
            await rm(join(dir, name), { force: true });
          }
        }
      } catch (error) {
        log.error('Could not clear the cache', { key: dir, error });
      }
    },
  };
}
