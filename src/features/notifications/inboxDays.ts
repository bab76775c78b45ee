// The inbox's entries by local day, newest first, each day named the way people say it: Today,
// Yesterday, then the weekday and date.
import type { InboxEntry } from '../../../electron/contract';

export interface InboxDay {
  /** YYYY-MM-DD in the user's time zone. */
  key: string;
  label: string;
  entries: InboxEntry[];
}

function localKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export function groupByDay(entries: readonly InboxEntry[], now: Date, locale?: string): InboxDay[] {
  const today = localKey(now);
  const yesterday = localKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const sameYear = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const otherYear = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
  const days: InboxDay[] = [];
  const sorted = [...entries].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  for (const entry of sorted) {
    const at = new Date(entry.at);
    const key = localKey(at);
    let day = days.at(-1);
    if (day?.key !== key) {
      const label =
        key === today
          ? 'Today'
          : key === yesterday
            ? 'Yesterday'
            : (at.getFullYear() === now.getFullYear() ? sameYear : otherYear).format(at);
      day = { key, label, entries: [] };
      days.push(day);
    }
    day.entries.push(entry);
  }
  return days;
}
