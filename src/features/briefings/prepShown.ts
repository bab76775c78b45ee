// Which meeting's prep an open answer is: apart from the route watcher, so it stays pure.
import type { AutoPreps } from '../../../electron/contract';
import { meetingsOf } from '../../../electron/domain/briefings/meetings';
import type { Route } from '../../lib/routes';
import type { BriefingsState } from './createBriefingsStore';

/**
 * The answer Today's meeting card shows in full: the one its Prepare brought there for the
 * meeting the card is about (the meeting briefing's). Runs prepared for an earlier meeting are
 * off the card once the briefing has moved on to the next one.
 */
export function runOnCard(
  briefings: Pick<BriefingsState, 'meeting' | 'prepared'>,
): string | undefined {
  const briefing = briefings.meeting.value;
  if (briefing === undefined) return undefined;
  const meeting = meetingsOf(briefing.data)[0];
  return meeting === undefined ? undefined : briefings.prepared[meeting.key];
}

/**
 * The meeting whose unread prep is an answer open now: the one this route shows, or on Today the
 * one the next meeting's card shows in full (`onCard`, ./runOnCard).
 */
export function unreadPrepShown(
  route: Route,
  preps: AutoPreps | undefined,
  onCard?: string,
): string | undefined {
  if (preps === undefined) return undefined;
  const shown = new Set<string>();
  if (route.name === 'today' && onCard !== undefined) shown.add(onCard);
  if (route.name === 'runs' && route.runId !== undefined) shown.add(route.runId);
  return preps.meetings.find(
    (m) => m.prep.status === 'ready' && !m.prep.read && shown.has(m.prep.runId),
  )?.meetingKey;
}
