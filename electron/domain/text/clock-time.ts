// A time of day as the app's screens write it (src/lib/format.ts formatTime): the locale's own
// clock, "10:00 AM" in English and "10:00" in German, in the locale's digits. Core's words that
// name a time (notifications, the tray) use it, so they agree with the window beside them.

/** The time in `timeZone` (the user's by default); undefined for a zone this Intl does not know. */
export function clockTime(
  instant: Date | number,
  locale: string,
  timeZone?: string,
): string | undefined {
  try {
    return new Intl.DateTimeFormat(locale, {
      timeStyle: 'short',
      ...(timeZone === undefined ? {} : { timeZone }),
    }).format(instant);
  } catch {
    return undefined;
  }
}
