// The meetings a briefing is about, read with the field fallbacks of fields.ts. Shared
// by core (meeting notifications, the tray's next meeting) and the renderer (Today's next-meeting
// strip and meeting list), so every place agrees on which meeting it is and when it starts.
import {
  MEETING_CONTAINER_FIELDS,
  MEETING_DEAL_ID_FIELDS,
  MEETING_END_FIELDS,
  MEETING_ID_FIELDS,
  MEETING_LIST_FIELDS,
  MEETING_LOCATION_FIELDS,
  MEETING_START_FIELDS,
  MEETING_SUMMARY_FIELDS,
  MEETING_TITLE_FIELDS,
  isRecord,
  pickInstant,
  pickText,
} from './fields';
import { visibleLine, visibleText } from '../text/visible-text';
import type { Translator } from '../i18n/translator';

/** One line as shown, or undefined when nothing visible is left. */
function visibleOneLine(text: string | undefined): string | undefined {
  const shown = text === undefined ? '' : visibleLine(text).trim();
  return shown === '' ? undefined : shown;
}

/** One meeting of a briefing; `key` is stable across fetches of the same meeting. */
export interface MeetingInfo {
  key: string;
  /** ISO instant, when the briefing says when. */
  startsAt?: string;
  endsAt?: string;
  title?: string;
  location?: string;
  /** As the briefing writes it (may be markdown, may be long). */
  summary?: string;
  dealId?: string;
}

/** The meetings a briefing is about; an empty or unrecognisable briefing is about none. */
export function meetingsOf(briefing: unknown): MeetingInfo[] {
  return candidates(briefing).flatMap((candidate) => {
    const info = meetingInfo(candidate);
    return info === undefined ? [] : [info];
  });
}

/**
 * The earliest meeting that has not started yet. A meeting without a start time counts as
 * upcoming (the briefing is about it) but comes after every timed one.
 */
export function upcomingMeeting(
  meetings: readonly MeetingInfo[],
  now: Date,
): MeetingInfo | undefined {
  return meetings
    .filter((m) => m.startsAt === undefined || Date.parse(m.startsAt) > now.getTime())
    .sort((a, b) => startOrder(a) - startOrder(b))[0];
}

function startOrder(meeting: MeetingInfo): number {
  return meeting.startsAt === undefined ? Number.POSITIVE_INFINITY : Date.parse(meeting.startsAt);
}

/** "in 25 min", "in 2 h 5 min"; "now" once it is due. */
export function timeUntil(startsAt: string, now: Date, t: Translator['t']): string {
  const minutes = Math.ceil((Date.parse(startsAt) - now.getTime()) / 60_000);
  if (minutes <= 0) return t('briefings.meeting.startsNow');
  if (minutes < 60) return t('briefings.meeting.startsInMinutes', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? t('briefings.meeting.startsInHours', { hours })
    : t('briefings.meeting.startsInHoursMinutes', { hours, minutes: rest });
}

function candidates(briefing: unknown): unknown[] {
  if (Array.isArray(briefing)) return briefing;
  if (!isRecord(briefing)) return [];
  // A briefing that holds "the meeting" is about that one, whatever other lists it carries
  // (agenda items, attendees); only otherwise is a list of meeting-like records the meetings.
  if (MEETING_CONTAINER_FIELDS.some((field) => isRecord(briefing[field]))) return [briefing];
  for (const field of MEETING_LIST_FIELDS) {
    const list = briefing[field];
    if (Array.isArray(list) && list.some((item) => meetingInfo(item) !== undefined)) return list;
  }
  return [briefing];
}

function meetingInfo(candidate: unknown): MeetingInfo | undefined {
  if (!isRecord(candidate)) return undefined;
  const records = [
    ...MEETING_CONTAINER_FIELDS.map((field) => candidate[field]).filter(isRecord),
    candidate,
  ];
  const id = pickText(records, MEETING_ID_FIELDS);
  // Shown text is shown as itself (no bidi or control characters); the key keeps what was sent.
  const sentTitle = pickText(records, MEETING_TITLE_FIELDS);
  const title = visibleOneLine(sentTitle);
  const startsAt = pickInstant(records, MEETING_START_FIELDS);
  const endsAt = pickInstant(records, MEETING_END_FIELDS);
  const location = visibleOneLine(pickText(records, MEETING_LOCATION_FIELDS));
  const sentSummary = pickText(records, MEETING_SUMMARY_FIELDS);
  const summary =
    sentSummary === undefined
      ? undefined
      : visibleText(sentSummary, { lines: 'many' }) || undefined;
  const dealId = pickText(records, MEETING_DEAL_ID_FIELDS);
  let key: string;
  if (id !== undefined) key = `meeting-briefing:id:${id}`;
  else if (sentTitle !== undefined || startsAt !== undefined) {
    key = `meeting-briefing:at:${sentTitle ?? ''}@${startsAt?.toISOString() ?? ''}`;
  } else return undefined;
  return {
    key,
    ...(startsAt === undefined ? {} : { startsAt: startsAt.toISOString() }),
    ...(endsAt === undefined ? {} : { endsAt: endsAt.toISOString() }),
    ...(title === undefined ? {} : { title }),
    ...(location === undefined ? {} : { location }),
    ...(summary === undefined ? {} : { summary }),
    ...(dealId === undefined ? {} : { dealId }),
  };
}
