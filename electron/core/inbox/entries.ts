// The inbox's entries as plain data, and what may be done to them: pure functions, so the bound,
// the one-entry-per-key rule and the read and shown flags are tested without a disk or a clock.
import { z } from 'zod';
import { InboxEntry, type AppNotification, type Inbox } from '../../contract';

/** The inbox keeps at most this many entries… */
export const INBOX_MAX_ENTRIES = 200;
/** …and none older than this. */
export const INBOX_MAX_AGE_DAYS = 30;

/**
 * An entry as kept on disk: the contract's, plus whether a window, a page or the OS has shown it
 * (what has not been shown is handed to the next page that connects).
 */
export const StoredInboxEntry = InboxEntry.extend({ shown: z.boolean() });
export type StoredInboxEntry = z.infer<typeof StoredInboxEntry>;

export const InboxFileSchema = z.object({
  version: z.literal(1),
  /** Newest first. */
  entries: z.array(StoredInboxEntry),
});
export type InboxFile = z.infer<typeof InboxFileSchema>;

/** A notification as an entry, read and shown as given. */
export function entryFor(
  notification: AppNotification,
  flags: { read: boolean; shown: boolean },
): StoredInboxEntry {
  return { ...notification, ...flags };
}

/** The entry as a notification again (a toast, the catch-up). */
export function notificationFor({ read: _read, ...notification }: InboxEntry): AppNotification {
  return notification;
}

/**
 * Drops what is past the bound: entries older than INBOX_MAX_AGE_DAYS, then all but the newest
 * INBOX_MAX_ENTRIES, read or not. Entries stamped after `now` (the clock moved back) are kept.
 */
export function bounded(entries: readonly StoredInboxEntry[], now: Date): StoredInboxEntry[] {
  const cutoff = now.getTime() - INBOX_MAX_AGE_DAYS * 86_400_000;
  return newestFirst(entries.filter((entry) => Date.parse(entry.at) >= cutoff)).slice(
    0,
    INBOX_MAX_ENTRIES,
  );
}

/**
 * Adds what is new; an entry whose id is already there is left as it was (read stays read), so
 * the same key never makes two entries. Returns the inbox and the entries it really took.
 */
export function addEntries(
  entries: readonly StoredInboxEntry[],
  incoming: readonly StoredInboxEntry[],
  now: Date,
): { entries: StoredInboxEntry[]; added: StoredInboxEntry[] } {
  const known = new Set(entries.map((entry) => entry.id));
  const fresh: StoredInboxEntry[] = [];
  for (const entry of incoming) {
    if (known.has(entry.id)) continue;
    known.add(entry.id);
    fresh.push(entry);
  }
  const next = bounded([...fresh, ...entries], now);
  const kept = new Set(next.map((entry) => entry.id));
  return { entries: next, added: fresh.filter((entry) => kept.has(entry.id)) };
}

/** Marks the entries named by `ids` (all of them when undefined) read; reading one also shows it. */
export function markRead(
  entries: readonly StoredInboxEntry[],
  ids?: readonly string[],
): StoredInboxEntry[] {
  const chosen = ids === undefined ? undefined : new Set(ids);
  return entries.map((entry) =>
    chosen === undefined || chosen.has(entry.id) ? { ...entry, read: true, shown: true } : entry,
  );
}

export function markShown(
  entries: readonly StoredInboxEntry[],
  ids: readonly string[],
): StoredInboxEntry[] {
  const chosen = new Set(ids);
  return entries.map((entry) => (chosen.has(entry.id) ? { ...entry, shown: true } : entry));
}

/** Unread entries nothing has shown yet, oldest first (the order they happened in). */
export function unshown(entries: readonly StoredInboxEntry[]): StoredInboxEntry[] {
  return entries.filter((entry) => !entry.shown && !entry.read).reverse();
}

/** The inbox as the contract carries it. */
export function toInbox(entries: readonly StoredInboxEntry[]): Inbox {
  return {
    entries: entries.map(({ shown: _shown, ...entry }) => entry),
    unread: entries.filter((entry) => !entry.read).length,
  };
}

function newestFirst(entries: readonly StoredInboxEntry[]): StoredInboxEntry[] {
  // Stable: entries of the same instant keep the order they were added in.
  return [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}
