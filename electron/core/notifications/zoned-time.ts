// Local wall time in an IANA time zone, computed with Intl (which carries the tz database), so
// no date library is needed. Local dates are plain "YYYY-MM-DD" strings: they compare in order
// as strings and serve directly as dedupe keys.
import { WEEKDAYS, type Weekday } from './settings';

export type LocalDate = string;

export interface WallTime {
  date: LocalDate;
  hour: number;
  minute: number;
  second: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        // h23, not hour12:false: the latter prints midnight as "24" in some ICU versions.
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      throw new RangeError(`Unknown time zone "${timeZone}".`);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock shown in `timeZone` at `instant`. */
export function wallTime(instant: Date | number, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = Number(parts.year);
  return {
    date: `${String(year).padStart(4, '0')}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

export function localDate(instant: Date | number, timeZone: string): LocalDate {
  return wallTime(instant, timeZone).date;
}

/** "HH:MM" of `instant` in `timeZone`. */
export function localClock(instant: Date | number, timeZone: string): string {
  const wall = wallTime(instant, timeZone);
  return `${pad2(wall.hour)}:${pad2(wall.minute)}`;
}

/**
 * The instant at which the wall clock in `timeZone` shows `time` on `date`. On a day when that
 * time is skipped (spring forward) it is the instant the clock jumps past it, shifted by the gap
 * (02:30 in a 02:00→03:00 gap is 03:30); when it happens twice (fall back) it is the first one.
 * This is what Temporal calls the "compatible" disambiguation: always exactly one instant.
 */
export function instantAt(date: LocalDate, time: string, timeZone: string): Date {
  const wallMs = wallAsUtcMs(date, time);
  const offsetBefore = offsetMs(wallMs - DAY_MS, timeZone);
  const offsetAfter = offsetMs(wallMs + DAY_MS, timeZone);
  const matches = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wallMs - offset)
    .filter((instant) => wallMsOf(instant, timeZone) === wallMs)
    .sort((a, b) => a - b);
  return new Date(matches[0] ?? wallMs - offsetBefore);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = splitDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function weekdayOf(date: LocalDate): Weekday {
  const [year, month, day] = splitDate(date);
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? 'sun';
}

export function minutesToMs(minutes: number): number {
  return minutes * MINUTE_MS;
}

/** The zone's offset from UTC at `instant`, in ms (east positive), to the second. */
function offsetMs(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallMsOf(whole, timeZone) - whole;
}

/** The wall clock at `instant`, read as if it were UTC, in ms. */
function wallMsOf(instant: number, timeZone: string): number {
  const wall = wallTime(instant, timeZone);
  const [year, month, day] = splitDate(wall.date);
  return Date.UTC(year, month - 1, day, wall.hour, wall.minute, wall.second);
}

function wallAsUtcMs(date: LocalDate, time: string): number {
  const [year, month, day] = splitDate(date);
  const [hour, minute] = time.split(':').map(Number);
  return Date.UTC(year, month - 1, day, hour ?? 0, minute ?? 0);
}

function splitDate(date: LocalDate): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) throw new RangeError(`Not a local date (YYYY-MM-DD): "${date}".`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}
