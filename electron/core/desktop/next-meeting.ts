// The next meeting, for the tray: read from the cached meeting briefing by the same reader the
// scheduler and Today use (domain/briefings/meetings.ts), so the tray, the notification and the
// app always agree on which meeting it is and when it starts.
import { timeUntil, upcomingMeeting } from '../../domain/briefings/meetings';
import { coreWords } from '../i18n/words';
import type { Translator } from '../../domain/i18n/translator';
import { clockTime } from '../../domain/text/clock-time';
import { meetingsOf } from '../notifications';

export interface NextMeeting {
  title: string;
  /** ISO instant, when the briefing says when. */
  startsAt?: string;
  /** The linked deal, when the briefing names one ("Prepare" needs it). */
  dealId?: string;
}

/** The earliest meeting of the briefing that has not started yet (untimed ones last). */
export function nextMeeting(
  briefing: unknown,
  now: Date,
  t: Translator['t'] = coreWords().t,
): NextMeeting | undefined {
  const first = upcomingMeeting(meetingsOf(briefing), now);
  if (first === undefined) return undefined;
  return {
    title: first.title ?? first.summary ?? t('desktop.meeting.fallbackTitle'),
    ...(first.startsAt === undefined ? {} : { startsAt: first.startsAt }),
    ...(first.dealId === undefined ? {} : { dealId: first.dealId }),
  };
}

export { timeUntil };

/** The words the tray needs: the messages, and the locale its clock times are written in. */
export type TrayWords = Pick<Translator, 't' | 'locale'>;

/** "10:30 AM (in 25 min)", in the user's time zone and clock. */
export function meetingTime(
  startsAt: string,
  now: Date,
  timeZone: string,
  words: TrayWords = coreWords(),
): string {
  const { t } = words;
  const start = new Date(startsAt);
  // A zone this Intl does not know (a setting from a newer tz database): the system's own.
  const time = clockTime(start, words.locale, timeZone) ?? clockTime(start, words.locale) ?? '';
  const minutes = Math.ceil((Date.parse(startsAt) - now.getTime()) / 60_000);
  if (minutes <= 0) return t('desktop.meeting.startsNow', { time });
  if (minutes < 60) return t('desktop.meeting.startsInMinutes', { time, minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? t('desktop.meeting.startsInHours', { time, hours })
    : t('desktop.meeting.startsInHoursMinutes', { time, hours, minutes: rest });
}

/** One menu line: "Pipeline review with Contoso · 10:30 AM (in 25 min)". */
export function meetingLine(
  meeting: NextMeeting,
  now: Date,
  timeZone: string,
  words: TrayWords = coreWords(),
): string {
  // Native menus do not wrap: a long title is cut so the time stays visible.
  const title =
    meeting.title.length > 48 ? `${meeting.title.slice(0, 47).trimEnd()}…` : meeting.title;
  if (meeting.startsAt === undefined) return title;
  return `${title} · ${meetingTime(meeting.startsAt, now, timeZone, words)}`;
}
