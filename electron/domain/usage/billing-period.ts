// The billing period as calendar days in the user's time zone, so the Usage screen, the quota
// messages (the renderer's and core's) and the forecast name the same days.
//
// What `end` means: the service sends the period as two UTC instants (spec §2.4,
// billingPeriod.start and .end) and does not say whether `end` belongs to the period. We read
// `end` as the instant the next period starts (exclusive), as the demo sends it
// (2026-12-01T00:00:00.000Z). An `end` on the last millisecond of a second
// (2026-11-30T23:59:59.999Z) is an inclusive end and is read as the millisecond after it, so
// both shapes reset at the same instant.
//
// In the user's zone, the reset day is the day that instant falls on, and the period's days run
// from the day it starts to the day before the reset day: consecutive periods share no day, and
// a period of November in UTC reads "1 Nov – 30 Nov, resets on 1 December" in Berlin and Tokyo
// alike. West of UTC the reset falls within a local day (in Honolulu at 14:00 on 30 November):
// that day is the reset day, and the period reads "31 Oct – 29 Nov".
//
// Every function takes the time zone (an IANA name); undefined is the system's, which is the
// user's in the app and a pinned one in tests.

/** A calendar day, `2026-11-30`: no time zone of its own (format it as a date-only value). */
export type CalendarDay = string;

export interface PeriodDays {
  /** The day the period starts on. */
  firstDay: CalendarDay;
  /** The last day wholly before the reset day (the first day, for a period shorter than that). */
  lastDay: CalendarDay;
  /** The day the next period starts on: what "resets on" names. */
  resetDay: CalendarDay;
}

const DAY_MS = 86_400_000;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (format === undefined) {
    // Gregorian days in Latin digits, whatever the locale: this is a key, not text to show.
    format = new Intl.DateTimeFormat('en-US', {
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    });
    dayFormats.set(key, format);
  }
  return format;
}

/** The calendar day an instant falls on in `timeZone`. */
export function calendarDay(at: number, timeZone?: string): CalendarDay {
  const parts = dayFormat(timeZone).formatToParts(at);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

function dayNumber(day: CalendarDay): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return dayNumber(to) - dayNumber(from);
}

function addDays(day: CalendarDay, days: number): CalendarDay {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

export interface PeriodInstants {
  start: number;
  /** Exclusive: the first millisecond of the next period. */
  end: number;
}

/** The period as instants, `end` exclusive whichever way the service wrote it; null if unreadable. */
export function periodInstants(period: { start: string; end: string }): PeriodInstants | null {
  const start = Date.parse(period.start);
  let end = Date.parse(period.end);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  if (((end % 1000) + 1000) % 1000 === 999) end += 1;
  return end > start ? { start, end } : null;
}

/** The period's days in `timeZone`; null when the service's period cannot be read. */
export function periodDays(
  period: { start: string; end: string },
  timeZone?: string,
): PeriodDays | null {
  const instants = periodInstants(period);
  if (instants === null) return null;
  const firstDay = calendarDay(instants.start, timeZone);
  const resetDay = calendarDay(instants.end, timeZone);
  const dayBefore = addDays(resetDay, -1);
  const lastDay = daysBetween(firstDay, dayBefore) >= 0 ? dayBefore : firstDay;
  return { firstDay, lastDay, resetDay };
}

/**
 * Days of the period left after the day of `at` ("2 days left" late on 28 November when the last
 * day is the 30th); 0 on the last day and after it.
 */
export function daysLeftAfter(days: PeriodDays, at: number, timeZone?: string): number {
  return Math.max(0, daysBetween(calendarDay(at, timeZone), days.lastDay));
}
