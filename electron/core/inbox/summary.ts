// What the user is told about entries nothing has shown yet: the entry itself when there is one,
// else a single summary that opens the inbox ("3 things while you were away"), never a burst,
// formatted in the language in use when it is handed over.
import type { AppNotification, InboxEntry } from '../../contract';
import { coreWords } from '../i18n/words';
import { noticeWords as noticeWordsOf } from '../notifications/decision';
import { formatNotice } from '../../domain/notifications/notification-text';
import { notificationFor } from './entries';

export type CatchUpReason = 'away' | 'do-not-disturb';

export const INBOX_SUMMARY_KIND = 'inbox-summary';

export function catchUpNotification(
  entries: readonly InboxEntry[],
  reason: CatchUpReason,
  now: Date,
): AppNotification | undefined {
  const [first] = entries;
  if (first === undefined) return undefined;
  // Copies, here and below: the answer carries the entries too, and the wire refuses an object
  // met twice in one message.
  if (entries.length === 1) {
    const one = structuredClone(notificationFor(first));
    return { ...one, ...formatNotice(coreWords(), one) };
  }
  const count = entries.length;
  // Formatted now, when it is handed over, in the language in use (the entry alone above too);
  // the reader's page formats it again from the messages (each entry's title, or its old words
  // when it kept none).
  return {
    id: `${INBOX_SUMMARY_KIND}:${now.toISOString()}`,
    kind: INBOX_SUMMARY_KIND,
    ...noticeWordsOf(coreWords(), {
      title: {
        id: reason === 'away' ? 'desktop.inbox.whileAway' : 'desktop.inbox.whileDoNotDisturb',
        values: { count },
      },
      body: entries.map((entry) =>
        entry.message === undefined ? { text: entry.title } : structuredClone(entry.message.title),
      ),
    }),
    navigate: { screen: 'today', focus: 'inbox' },
    at: now.toISOString(),
  };
}
