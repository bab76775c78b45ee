// Meeting briefing: each meeting is announced once, `meetingLeadMinutes` before it starts when
// the briefing says when that is (at once if that moment has passed but the meeting has not
// started; never once it has), or as soon as it appears when the briefing gives no start.
import { meetingsOf as meetingsIn, type MeetingInfo } from '../../domain/briefings/meetings';
import { coreWords } from '../i18n/words';
import type { RuleContext } from './context';
import type { NotificationLine } from '../../contract';
import { clip, noticeWords, type NotificationDecision, type PrepareAction } from './decision';
import { isDelivered, MAX_PENDING_MEETINGS, type PendingMeeting } from './state';
import { minutesToMs } from './zoned-time';

export interface MeetingOutcome {
  decisions: NotificationDecision[];
  /** Meetings to announce later; replaces the state's list. */
  pending: PendingMeeting[];
}

/** The meetings a briefing is about, with what a notification and its state keep (summary cut). */
export function meetingsOf(briefing: unknown): MeetingInfo[] {
  return meetingsIn(briefing).map(({ key, startsAt, title, summary, dealId }) => ({
    key,
    ...(startsAt === undefined ? {} : { startsAt }),
    ...(title === undefined ? {} : { title }),
    ...(summary === undefined ? {} : { summary: clip(summary, 300) }),
    ...(dealId === undefined ? {} : { dealId }),
  }));
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
  const translator = context.translator ?? coreWords();
  const { t } = translator;
  const lines: NotificationLine[] = [];
  if (meeting.startsAt !== undefined) {
    const start = Date.parse(meeting.startsAt);
    const minutes = Math.max(1, Math.ceil((start - now.getTime()) / 60_000));
    lines.push({
      id: 'desktop.notification.meetingStarts',
      // The reader's clock and digits: formatted when shown, from the instant.
      values: { time: { time: new Date(start).toISOString(), timeZone }, minutes },
    });
  }
  if (meeting.summary !== undefined && meeting.summary !== meeting.title) {
    lines.push({ text: meeting.summary });
  }
  const decision: NotificationDecision = {
    kind: 'meeting-briefing',
    key: meeting.key,
    ...noticeWords(translator, {
      title:
        meeting.title === undefined
          ? { id: 'desktop.notification.meetingTitle' }
          : { text: meeting.title },
      body: lines.length > 0 ? lines : [{ id: 'desktop.notification.meetingReady' }],
    }),
    target: { screen: 'briefing', which: 'meeting' },
  };
  if (settings.prepAgentId !== null && meeting.dealId !== undefined) {
    const prepare: PrepareAction = {
      id: 'prepare',
      label: t('desktop.notification.prepare'),
      agentId: settings.prepAgentId,
      dealId: meeting.dealId,
    };
    decision.actions = [prepare];
  }
  return decision;
}
