// The inbox's entries by local day, newest first (src/lib/days.ts names the days).
import type { InboxEntry } from '../../../electron/contract';
import type { Translator } from '../../../electron/domain/i18n/translator';
import { groupByDay as byDay } from '../../lib/days';

export interface InboxDay {
  /** YYYY-MM-DD in the user's time zone. */
  key: string;
  label: string;
  entries: InboxEntry[];
}

export function groupByDay(
  entries: readonly InboxEntry[],
  now: Date,
  translator: Pick<Translator, 'locale' | 't'>,
): InboxDay[] {
  const sorted = [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return byDay(sorted, (entry) => entry.at, now, translator).map(({ key, label, items }) => ({
    key,
    label,
    entries: items,
  }));
}
