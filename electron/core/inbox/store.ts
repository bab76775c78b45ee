// The inbox file in the user's data directory, written atomically and validated on read; a
// corrupt file is set aside (by readJsonFile) and the inbox starts empty, and says so.
import { join } from 'node:path';
import { readJsonFile, writeJsonFileAtomic } from '../storage/json-file';
import { InboxFileSchema, type StoredInboxEntry } from './entries';

export const INBOX_FILE = 'inbox.json';

export interface InboxStore {
  load(): Promise<{ entries: StoredInboxEntry[]; problem?: string }>;
  save(entries: readonly StoredInboxEntry[]): Promise<void>;
}

// Alike in shape with notifications/store.ts: each file has its own schema, fallback and words.
export function fileInboxStore(path: string): InboxStore {
  return {
    async load() {
      let result;
      try {
        result = await readJsonFile(path, InboxFileSchema);
      } catch (error) {
        return {
          entries: [],
          problem: `The notification inbox could not be read (${error instanceof Error ? error.message : String(error)}); it starts empty.`,
        };
      }
      if (result.status === 'ok') return { entries: result.value.entries };
      if (result.status === 'missing') return { entries: [] };
      return {
        entries: [],
        problem: `The notification inbox was unreadable (${result.reason}) and was set aside as ${result.setAsidePath}; it starts empty.`,
      };
    },
    save: (entries) => writeJsonFileAtomic(path, { version: 1, entries }),
  };
}

export function dataDirInboxStore(dataDir: string): InboxStore {
  return fileInboxStore(join(dataDir, INBOX_FILE));
}
