// The pure heart of the scheduler: recording decisions (shown or suppressed) and telling the host
// when to look again, so it sets one timer instead of polling.
import { RETRY_AFTER_MS, type RuleContext } from './context';
import type { NotificationDecision, SuppressedDecision, SuppressionReason } from './decision';
import { morningDue, nextMorningAt } from './morning';
import { isDelivered, type NotificationState, type PendingMeeting } from './state';
import { minutesToMs } from './zoned-time';

/** The host re-checks at least this often, so a changed time zone or a missed wake is picked up. */
export const MAX_WAKE_INTERVAL_MS = 6 * 3_600_000;

export interface Committed {
  state: NotificationState;
  show: NotificationDecision[];
  suppressed: SuppressedDecision[];
}

/**
 * Records each decision under its key and splits them into those to show and those suppressed.
 * A suppressed decision counts as delivered: the host keeps it in the inbox (silently under Do
 * not disturb, read when the user was looking), so turning Do not disturb off or focusing away
 * never replays what fell due meanwhile as a burst; the inbox says it in one summary instead.
 */
export function commitDecisions(
  context: RuleContext,
  decisions: readonly NotificationDecision[],
  suppressedBy: SuppressionReason | undefined,
): Committed {
  const { now } = context;
  const delivered = { ...context.state.delivered };
  let lastMorningDate = context.state.lastMorningDate;
  const show: NotificationDecision[] = [];
  const suppressed: SuppressedDecision[] = [];
  for (const decision of decisions) {
    if (Object.hasOwn(delivered, decision.key)) continue;
    delivered[decision.key] = now.toISOString();
    if (decision.kind === 'morning-briefing') {
      const date = decision.key.slice('morning-briefing:'.length);
      if (lastMorningDate === null || date > lastMorningDate) lastMorningDate = date;
    }
    if (suppressedBy === undefined) show.push(decision);
    else suppressed.push({ ...decision, suppressedBy });
  }
  const pendingMeetings = context.state.pendingMeetings.filter(
    (meeting) => !Object.hasOwn(delivered, meeting.key),
  );
  return {
    state: { ...context.state, delivered, lastMorningDate, pendingMeetings },
    show,
    suppressed,
  };
}

/** Whether the meeting briefing and usage are due for a fetch. */
export function isPollDue(context: RuleContext): boolean {
  const { now, state, settings } = context;
  if (!settings.enabled['meeting-briefing'] && !settings.enabled.quota) return false;
  const last = parseInstant(state.lastPollAt);
  if (last === undefined || last > now.getTime()) return true;
  return now.getTime() >= last + minutesToMs(settings.meetingPollMinutes);
}

/** Whether a remembered meeting's notification has fallen due. */
export function isPendingMeetingDue(context: RuleContext): boolean {
  const { now, state, settings } = context;
  if (!settings.enabled['meeting-briefing']) return false;
  return state.pendingMeetings.some(
    (meeting) => !isDelivered(state, meeting.key) && notifyAt(context, meeting) <= now.getTime(),
  );
}

function notifyAt({ settings }: RuleContext, meeting: PendingMeeting): number {
  return Date.parse(meeting.startsAt) - minutesToMs(settings.meetingLeadMinutes);
}

/**
 * When the host should check next: the next morning time, the next poll, or the moment a
 * remembered meeting's notification falls due, whichever comes first; never later than
 * MAX_WAKE_INTERVAL_MS. Something already due is due at once, except a morning briefing whose
 * fetch was tried under RETRY_AFTER_MS ago (offline, say): it is retried that long after the
 * attempt, so a failing fetch never spins. The result is never before `now`.
 */
export function nextWakeAt(context: RuleContext): Date {
  const { now, state, settings } = context;
  const nowMs = now.getTime();
  const candidates: number[] = [nowMs + MAX_WAKE_INTERVAL_MS];
  const polls = settings.enabled['meeting-briefing'] || settings.enabled.quota;

  const due = morningDue(context);
  if (due !== undefined) {
    const retry = retryAt(state.lastMorningAttemptAt, nowMs);
    if (retry < due.windowEndsAt.getTime()) candidates.push(retry);
  }
  const nextMorning = nextMorningAt(context);
  if (nextMorning !== undefined) candidates.push(nextMorning.getTime());

  if (polls) {
    const last = parseInstant(state.lastPollAt);
    // A last poll in the future means the clock went backwards: poll now rather than wait it out.
    const nextPoll =
      last === undefined || last > nowMs ? nowMs : last + minutesToMs(settings.meetingPollMinutes);
    candidates.push(Math.max(nextPoll, nowMs));
  }
  if (settings.enabled['meeting-briefing']) {
    for (const meeting of state.pendingMeetings) {
      if (isDelivered(state, meeting.key) || nowMs >= Date.parse(meeting.startsAt)) continue;
      candidates.push(Math.max(notifyAt(context, meeting), nowMs));
    }
  }
  return new Date(Math.min(...candidates));
}

function retryAt(lastAttempt: string | null, nowMs: number): number {
  const last = parseInstant(lastAttempt);
  if (last === undefined || last > nowMs) return nowMs;
  return Math.max(last + RETRY_AFTER_MS, nowMs);
}

function parseInstant(value: string | null): number | undefined {
  return value === null ? undefined : Date.parse(value);
}
