// Repeats said once: entries of one group (answers to the same question from the same agent on
// the same deal) collapse into one row, "5 answers from Objection handler", placed where the
// newest of them is. Opening the row opens the newest answer and marks them all read. Each row's
// words are formatted from the entry's messages in the language in use (the words kept with it
// when it has none), so the inbox follows a language switch.
import type { InboxEntry } from '../../../electron/contract';
import type { Translator } from '../../../electron/domain/i18n/translator';
import { formatNotice } from '../../../electron/domain/notifications/notification-text';

export interface InboxRow {
  /** The newest entry of the row: where opening it goes, its actions, its time. */
  entry: InboxEntry;
  /** Every entry the row stands for, newest first. */
  ids: string[];
  title: string;
  body: string;
  /** Unread while any entry of it is. */
  read: boolean;
}

/** `entries` newest first; rows in the same order. */
export function collapseRepeats(
  entries: readonly InboxEntry[],
  translator: Translator,
): InboxRow[] {
  const { t } = translator;
  const rows: InboxRow[] = [];
  const byGroup = new Map<string, { row: InboxRow; members: InboxEntry[] }>();
  for (const entry of entries) {
    const key = entry.group?.key;
    const known = key === undefined ? undefined : byGroup.get(key);
    if (known) {
      known.members.push(entry);
      known.row.ids.push(entry.id);
      known.row.read &&= entry.read;
      continue;
    }
    const row: InboxRow = {
      entry,
      ids: [entry.id],
      ...formatNotice(translator, entry),
      read: entry.read,
    };
    rows.push(row);
    if (key !== undefined) byGroup.set(key, { row, members: [entry] });
  }
  for (const { row, members } of byGroup.values()) {
    if (members.length < 2) continue;
    const agent = row.entry.group?.of.trim() ?? '';
    row.title =
      agent === ''
        ? t('notifications.inbox.answersFromAssistant', { count: members.length })
        : t('notifications.inbox.answersFrom', { count: members.length, agent });
    // The newest's title names the question they all answer.
    row.body = formatNotice(translator, row.entry).title;
  }
  return rows;
}
