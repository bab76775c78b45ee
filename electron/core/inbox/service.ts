// The inbox as a service: loaded once, changed one operation at a time, saved after each change,
// and announced (`inbox.changed`) so every window, page and the tray see the same count.
//
// A save that fails keeps the change in memory (the user still sees it this session) and is
// reported once until a save works again, so a full disk never silences the app or floods it.
import type { Inbox, InboxEntry } from '../../contract';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import {
  addEntries,
  bounded,
  markRead,
  markShown,
  toInbox,
  unshown,
  type StoredInboxEntry,
} from './entries';
import type { InboxStore } from './store';

export interface InboxService {
  /** Adds what is new (one entry per id) and resolves with the entries it really took. */
  add(entries: readonly StoredInboxEntry[]): Promise<StoredInboxEntry[]>;
  /** Something showed these (the OS, a toast in an open page). */
  markShown(ids: readonly string[]): Promise<void>;
  /** Marks these read; all of them when `ids` is undefined. */
  markRead(ids?: readonly string[]): Promise<Inbox>;
  /** Unread entries nothing has shown yet, oldest first; they count as shown from now on. */
  takeUnshown(): Promise<InboxEntry[]>;
  inbox(): Promise<Inbox>;
  /** Empties it (sign-out, another service): what one user was told is not shown to the next. */
  clear(): Promise<void>;
  /** After this, every operation is refused: the host may be removing the data directory. */
  close(): Promise<void>;
}

export function createInboxService(options: {
  store: InboxStore;
  now: () => Date;
  onChange: (inbox: Inbox) => void;
  onProblem: (message: string) => void;
}): InboxService {
  let entries: StoredInboxEntry[] | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  let saveFailing = false;

  function serialised<T>(operation: (current: StoredInboxEntry[]) => Promise<T>): Promise<T> {
    const result = queue.then(async () => {
      if (closed) {
        throw new AssistantError({
          kind: 'aborted',
          message: coreWords().t('errors.app.shuttingDown'),
        });
      }
      if (entries === undefined) {
        const loaded = await options.store.load();
        if (loaded.problem !== undefined) options.onProblem(loaded.problem);
        entries = bounded(loaded.entries, options.now());
      }
      return operation(entries);
    });
    queue = result.catch(() => undefined);
    return result;
  }

  async function commit(next: StoredInboxEntry[]): Promise<void> {
    entries = next;
    try {
      await options.store.save(next);
      saveFailing = false;
    } catch (error) {
      if (saveFailing) return options.onChange(toInbox(next));
      saveFailing = true;
      options.onProblem(
        `The notification inbox could not be saved (${error instanceof Error ? error.message : String(error)}); what it holds may be gone after a restart.`,
      );
    }
    options.onChange(toInbox(next));
  }

  return {
    add: (incoming) =>
      serialised(async (current) => {
        const result = addEntries(current, incoming, options.now());
        if (result.added.length > 0) await commit(result.entries);
        return result.added;
      }),
    markShown: (ids) =>
      serialised(async (current) => {
        const next = markShown(current, ids);
        if (JSON.stringify(next) !== JSON.stringify(current)) await commit(next);
      }),
    markRead: (ids) =>
      serialised(async (current) => {
        const next = markRead(current, ids);
        if (JSON.stringify(next) !== JSON.stringify(current)) await commit(next);
        return toInbox(next);
      }),
    takeUnshown: () =>
      serialised(async (current) => {
        const taken = unshown(current);
        const ids = taken.map((entry) => entry.id);
        if (taken.length > 0) await commit(markShown(current, ids));
        return toInbox(taken).entries;
      }),
    clear: () =>
      serialised(async (current) => {
        if (current.length > 0) await commit([]);
      }),
    inbox: () => serialised(async (current) => toInbox(bounded(current, options.now()))),
    async close() {
      closed = true;
      await queue;
    },
  };
}
