// The week of a place: the day it starts on and its working days, from the locale's week data
// (CLDR's, through Intl.Locale's getWeekInfo(), or the weekInfo getter older engines have).
// Where neither is there (Firefox, an engine without that data) the week starts on Monday and
// runs Monday to Friday: ISO 8601's week and the most common working week.
import { z } from '../../contract/zod';
import { WEEKDAYS } from '../../contract/settings';

export type Weekday = (typeof WEEKDAYS)[number];

export interface Week {
  firstDay: Weekday;
  /** The days that are not the weekend, in the week's order. */
  workingDays: Weekday[];
}

/** Intl numbers the days 1 (Monday) to 7 (Sunday). */
const IntlDay = z.int().min(1).max(7);
const WeekInfoSchema = z.object({ firstDay: IntlDay, weekend: z.array(IntlDay).max(7) });

const dayOf = (intlDay: number): Weekday => WEEKDAYS[intlDay % 7] ?? 'mon';

/** The week read from the engine: `getWeekInfo()` (the standard), else `weekInfo` (its first form). */
export function intlWeekInfo(locale: Intl.Locale): unknown {
  const withWeek = locale as Intl.Locale & { getWeekInfo?: unknown; weekInfo?: unknown };
  if (typeof withWeek.getWeekInfo === 'function') {
    return (withWeek.getWeekInfo as (this: Intl.Locale) => unknown).call(locale);
  }
  return withWeek.weekInfo;
}

/** The days of the week from `first` on. */
export function weekdaysFrom(first: Weekday): Weekday[] {
  const start = WEEKDAYS.indexOf(first);
  return WEEKDAYS.map((_, i) => WEEKDAYS[(start + i) % 7] ?? first);
}

export const FALLBACK_WEEK: Week = {
  firstDay: 'mon',
  workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
};

/**
 * The week of `locale` (a BCP 47 tag; its region decides, "ar-SA": Sunday to Thursday). `read` is
 * for tests, standing in for an engine with or without week data.
 */
export function weekOf(
  locale: string,
  read: (locale: Intl.Locale) => unknown = intlWeekInfo,
): Week {
  let info: unknown;
  try {
    info = read(new Intl.Locale(locale));
  } catch {
    return FALLBACK_WEEK;
  }
  const parsed = WeekInfoSchema.safeParse(info);
  if (!parsed.success) return FALLBACK_WEEK;
  const firstDay = dayOf(parsed.data.firstDay);
  const weekend = new Set(parsed.data.weekend.map(dayOf));
  const workingDays = weekdaysFrom(firstDay).filter((day) => !weekend.has(day));
  // A week of no working days is data gone wrong, not a place.
  return workingDays.length === 0 ? FALLBACK_WEEK : { firstDay, workingDays };
}

/**
 * The locale whose week applies: the week belongs to the place, so the region of the system's
 * languages (its regional format: "ar-SA" in Riyadh) with the language in use; a German interface
 * in Riyadh keeps Riyadh's week. Without a region anywhere, the language's likely one ("de":
 * Germany).
 */
export function weekLocale(language: string, systemLanguages: readonly string[]): string {
  for (const tag of systemLanguages) {
    try {
      const { region } = new Intl.Locale(tag);
      if (region !== undefined) return new Intl.Locale(language, { region }).toString();
    } catch {
      // Not a tag Intl reads: the next one may be.
    }
  }
  return language;
}
