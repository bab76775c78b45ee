// Which meeting's prep an open answer is: apart from the route watcher, so it stays pure.
import type { AutoPreps } from '../../../electron/contract';
import type { Route } from '../../lib/routes';

/** The meeting whose unread prep is the answer this route shows. */
export function unreadPrepShown(route: Route, preps: AutoPreps | undefined): string | undefined {
  if (route.name !== 'runs' || route.runId === undefined || preps === undefined) return undefined;
  const runId = route.runId;
  return preps.meetings.find(
    (m) => m.prep.status === 'ready' && !m.prep.read && m.prep.runId === runId,
  )?.meetingKey;
}
