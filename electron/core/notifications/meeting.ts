// Meeting briefing: each meeting is announced once, `meetingLeadMinutes` before it starts when
// the briefing says when that is (at once if that moment has passed but the meeting has not
// started; never once it has), or as soon as it appears when the briefing gives no start.
import {
  MEETING_CONTAINER_FIELDS,
  MEETING_DEAL_ID_FIELDS,
  MEETING_ID_FIELDS,
  MEETING_LIST_FIELDS,
  MEETING_START_FIELDS,
  MEETING_SUMMARY_FIELDS,
  MEETING_TITLE_FIELDS,
  isRecord,
  pickInstant,
  pickText,
} from './briefing-fields';
import type { RuleContext } from './context';
import { clip, type NotificationDecision, type PrepareAction } from './decision';
import { isDelivered, MAX_PENDING_MEETINGS, type PendingMeeting } from './state';
import { localClock, minutesToMs } from './zoned-time';

/** What a notification needs from one meeting of a briefing. */
export type MeetingInfo = Omit<PendingMeeting, 'startsAt'> & { startsAt?: string };

export interface MeetingOutcome {
  decisions: NotificationDecision[];
  /** Meetings to announce later; replaces the state's list. */
  pending: PendingMeeting[];
}

/** The meetings a briefing is about; an empty or unrecognisable briefing is about none. */
export function meetingsOf(briefing: unknown): MeetingInfo[] {
  return candidates(briefing).flatMap((candidate) => {
    const info = meetingInfo(candidate);
    return info === undefined ? [] : [info];
  });
}

/**
 * Decides from the briefing just fetched (undefined when the fetch failed) together with the
 * meetings remembered from earlier briefings. A fresh sighting of a meeting replaces what was
 * remembered (it may have moved); a meeting missing from the latest briefing is still announced,
 * since a briefing may only ever show the next meeting.
 */
export function decideMeetings(context: RuleContext, briefing: unknown): MeetingOutcome {
  const { now, state, settings } = context;
  const outcome: MeetingOutcome = { decisions: [], pending: [] };
  if (!settings.enabled['meeting-briefing']) return outcome;
  const leadMs = minutesToMs(settings.meetingLeadMinutes);
  const meetings = new Map<string, MeetingInfo>(
    state.pendingMeetings.map((meeting) => [meeting.key, meeting]),
  );
  for (const meeting of meetingsOf(briefing)) meetings.set(meeting.key, meeting);
  for (const meeting of meetings.values()) {
    if (isDelivered(state, meeting.key)) continue;
    if (meeting.startsAt === undefined) {
      outcome.decisions.push(meetingDecision(context, meeting));
      continue;
    }
    const start = Date.parse(meeting.startsAt);
    if (now.getTime() >= start) continue;
    if (now.getTime() < start - leadMs)
      outcome.pending.push({ ...meeting, startsAt: meeting.startsAt });
    else outcome.decisions.push(meetingDecision(context, meeting));
  }
  outcome.pending.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  outcome.pending.splice(MAX_PENDING_MEETINGS);
  return outcome;
}

function meetingDecision(context: RuleContext, meeting: MeetingInfo): NotificationDecision {
  const { now, timeZone, settings } = context;
  const lines: string[] = [];
  if (meeting.startsAt !== undefined) {
    const start = Date.parse(meeting.startsAt);
    const minutes = Math.max(1, Math.ceil((start - now.getTime()) / 60_000));
    lines.push(`Starts at ${localClock(start, timeZone)} (in ${minutes} min)`);
  }
  if (meeting.summary !== undefined && meeting.summary !== meeting.title) {
    lines.push(meeting.summary);
  }
  const decision: NotificationDecision = {
    kind: 'meeting-briefing',
    key: meeting.key,
    title: clip(meeting.title ?? 'Meeting briefing', 80),
    body: clip(lines.length > 0 ? lines.join(' · ') : 'Your meeting briefing is ready.'),
    target: { screen: 'briefing', which: 'meeting' },
  };
  if (settings.prepAgentId !== null && meeting.dealId !== undefined) {
    const prepare: PrepareAction = {
      id: 'prepare',
      label: 'Prepare',
      agentId: settings.prepAgentId,
      dealId: meeting.dealId,
    };
    decision.actions = [prepare];
  }
  return decision;
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
  const title = pickText(records, MEETING_TITLE_FIELDS);
  const startsAt = pickInstant(records, MEETING_START_FIELDS);
  const summary = pickText(records, MEETING_SUMMARY_FIELDS);
  const dealId = pickText(records, MEETING_DEAL_ID_FIELDS);
  let key: string;
  if (id !== undefined) key = `meeting-briefing:id:${id}`;
  else if (title !== undefined || startsAt !== undefined) {
    key = `meeting-briefing:at:${title ?? ''}@${startsAt?.toISOString() ?? ''}`;
  } else return undefined;
  return {
    key,
    ...(startsAt === undefined ? {} : { startsAt: startsAt.toISOString() }),
    ...(title === undefined ? {} : { title }),
    ...(summary === undefined ? {} : { summary: clip(summary, 300) }),
    ...(dealId === undefined ? {} : { dealId }),
  };
}
