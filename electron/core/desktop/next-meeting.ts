// The next meeting, for the tray: read from the cached meeting briefing with the same field
// fallbacks the scheduler uses (briefing-fields.ts), so the tray and the notification always
// agree on which meeting it is and when it starts.
import { localClock, meetingsOf, type MeetingInfo } from '../notifications';

export interface NextMeeting {
  title: string;
  /** ISO instant, when the briefing says when. */
  startsAt?: string;
  /** The linked deal, when the briefing names one ("Prepare" needs it). */
  dealId?: string;
}

/**
 * The earliest meeting of the briefing that has not started yet. A meeting without a start time
 * counts as upcoming (the briefing is about it) but comes after every timed one.
 */
export function nextMeeting(briefing: unknown, now: Date): NextMeeting | undefined {
  const upcoming = meetingsOf(briefing)
    .filter(
      (meeting) => meeting.startsAt === undefined || Date.parse(meeting.startsAt) > now.getTime(),
    )
    .sort((a, b) => startOrder(a) - startOrder(b));
  const first = upcoming[0];
  if (first === undefined) return undefined;
  return {
    title: first.title ?? first.summary ?? 'Meeting',
    ...(first.startsAt === undefined ? {} : { startsAt: first.startsAt }),
    ...(first.dealId === undefined ? {} : { dealId: first.dealId }),
  };
}

function startOrder(meeting: MeetingInfo): number {
  return meeting.startsAt === undefined ? Number.POSITIVE_INFINITY : Date.parse(meeting.startsAt);
}

/** "in 25 min", "in 2 h 5 min"; "now" once it is due. */
export function timeUntil(startsAt: string, now: Date): string {
  const minutes = Math.ceil((Date.parse(startsAt) - now.getTime()) / 60_000);
  if (minutes <= 0) return 'now';
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `in ${hours} h` : `in ${hours} h ${rest} min`;
}

/** "10:30 (in 25 min)", in the user's time zone. */
export function meetingTime(startsAt: string, now: Date, timeZone: string): string {
  return `${localClock(new Date(startsAt), timeZone)} (${timeUntil(startsAt, now)})`;
}

/** One menu line: "Pipeline review with Contoso · 10:30 (in 25 min)". */
export function meetingLine(meeting: NextMeeting, now: Date, timeZone: string): string {
  // Native menus do not wrap: a long title is cut so the time stays visible.
  const title =
    meeting.title.length > 48 ? `${meeting.title.slice(0, 47).trimEnd()}…` : meeting.title;
  if (meeting.startsAt === undefined) return title;
  return `${title} · ${meetingTime(meeting.startsAt, now, timeZone)}`;
}
