// Which meeting's prep an open answer is: apart from the route watcher, so it stays pure.
import type { AutoPreps } from '../../../electron/contract';
import type { Route } from '../../lib/routes';

/**
 * The meeting whose unread prep is an answer open now: the one this route shows, or on Today one
 * the next meeting's card shows in full (`onCard`: the runs its Prepare brought there).
 */
export function unreadPrepShown(
  route: Route,
  preps: AutoPreps | undefined,
  onCard: readonly string[] = [],
): string | undefined {
  if (preps === undefined) return undefined;
  const shown = new Set(route.name === 'today' ? onCard : []);
  if (route.name === 'runs' && route.runId !== undefined) shown.add(route.runId);
  return preps.meetings.find(
    (m) => m.prep.status === 'ready' && !m.prep.read && shown.has(m.prep.runId),
  )?.meetingKey;
}
