// What the user is told about entries nothing has shown yet: the entry itself when there is one,
// else a single summary that opens the inbox ("3 things while you were away"), never a burst,
// in the language in use.
import type { AppNotification, InboxEntry } from '../../contract';
import { coreWords } from '../i18n/words';
import { clip } from '../notifications/decision';
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
  if (entries.length === 1) return notificationFor(first);
  const count = entries.length;
  const { t } = coreWords();
  return {
    id: `${INBOX_SUMMARY_KIND}:${now.toISOString()}`,
    kind: INBOX_SUMMARY_KIND,
    title:
      reason === 'away'
        ? t('desktop.inbox.whileAway', { count })
        : t('desktop.inbox.whileDoNotDisturb', { count }),
    body: clip(entries.map((entry) => entry.title).join(' · ')),
    navigate: { screen: 'today', focus: 'inbox' },
    at: now.toISOString(),
  };
}
