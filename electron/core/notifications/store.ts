// The state file in the user's data directory. Written atomically after every check that changed
// something; a corrupt file is set aside (by readJsonFile) and the scheduler starts afresh, which
// can at worst repeat today's notifications once, and says so.
import { join } from 'node:path';
import { readJsonFile, writeJsonFileAtomic } from '../storage/json-file';
import { emptyState, NotificationStateSchema, type NotificationState } from './state';

export const NOTIFICATION_STATE_FILE = 'notification-state.json';

export interface LoadedState {
  state: NotificationState;
  /** Set when the file could not be used, for the host to log or show. */
  problem?: string;
}

export interface NotificationStateStore {
  load(): Promise<LoadedState>;
  save(state: NotificationState): Promise<void>;
}

// Alike in shape with inbox/store.ts: each file has its own schema, fallback and words.
export function fileStateStore(path: string): NotificationStateStore {
  return {
    async load() {
      let result;
      try {
        result = await readJsonFile(path, NotificationStateSchema);
      } catch (error) {
        // Unreadable (permissions, a file where the folder should be): carry on in memory.
        return {
          state: emptyState(),
          problem: `The notification history could not be read (${error instanceof Error ? error.message : String(error)}); some notifications may repeat once.`,
        };
      }
      if (result.status === 'ok') return { state: result.value };
      if (result.status === 'missing') return { state: emptyState() };
      return {
        state: emptyState(),
        problem: `The notification history was unreadable (${result.reason}) and was set aside as ${result.setAsidePath}; some notifications may repeat once.`,
      };
    },
    save: (state) => writeJsonFileAtomic(path, state),
  };
}

/** The store in the user's data directory. */
export function dataDirStateStore(dataDir: string): NotificationStateStore {
  return fileStateStore(join(dataDir, NOTIFICATION_STATE_FILE));
}
