// Items by local day, in the order given, each day named the way people say it: Today,
// Yesterday, then the weekday and date. Items without a date gather under "Date unknown". Every
// name is in the translator's language: Intl's for the days, the catalogue's for the unknown.
import type { Translator } from '../../electron/domain/i18n/translator';
import { formatRelativeDay } from './format';

export interface Day<T> {
  /** YYYY-MM-DD in the user's time zone, or "" when the date is unknown. */
  key: string;
  label: string;
  items: T[];
}

function localKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export function groupByDay<T>(
  items: readonly T[],
  at: (item: T) => string | undefined,
  now: Date,
  translator: Pick<Translator, 'locale' | 't'>,
): Day<T>[] {
  const { locale, t } = translator;
  const today = localKey(now);
  const yesterday = localKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const sameYear = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const otherYear = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });
  const days = new Map<string, Day<T>>();
  for (const item of items) {
    const iso = at(item);
    const ms = iso === undefined ? NaN : Date.parse(iso);
    const date = new Date(ms);
    const key = Number.isNaN(ms) ? '' : localKey(date);
    let day = days.get(key);
    if (day === undefined) {
      const label =
        key === ''
          ? t('common.date.unknown')
          : key === today
            ? formatRelativeDay(0, locale)
            : key === yesterday
              ? formatRelativeDay(-1, locale)
              : (date.getFullYear() === now.getFullYear() ? sameYear : otherYear).format(date);
      day = { key, label, items: [] };
      days.set(key, day);
    }
    day.items.push(item);
  }
  return [...days.values()];
}
