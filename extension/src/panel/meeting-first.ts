// When the deal's next meeting leads the panel: in the hour before it starts, a salesperson with
// the CRM open is about to walk into it, so its briefing and prep come before the deal's header
// and Ask. Pure, so the move is decided by the clock alone (the panel sets a timer to the next
// change, ./useMeetingFirst.ts) and tested without one.

/** How long before its start the meeting goes to the top of the panel. */
export const MEETING_FIRST_MS = 60 * 60_000;

/**
 * setTimeout's longest wait (2^31 − 1 ms, about 24.8 days); a longer one fires at once. A change
 * further away than this is looked at again after it.
 */
const LONGEST_WAIT_MS = 2_147_483_647;

/** Whether a meeting starting at `startsAt` leads the panel at `now` (ms since the epoch). */
export function meetingFirst(startsAt: string | undefined, now: number): boolean {
  if (startsAt === undefined) return false;
  const start = Date.parse(startsAt);
  if (Number.isNaN(start)) return false;
  return start > now && start - now <= MEETING_FIRST_MS;
}

/**
 * How long from `now` until `meetingFirst` may answer otherwise: to the hour before the start,
 * then to the start; undefined once it has started (the meeting's next read drops it).
 */
export function untilMeetingMoves(startsAt: string | undefined, now: number): number | undefined {
  if (startsAt === undefined) return undefined;
  const start = Date.parse(startsAt);
  if (Number.isNaN(start) || start <= now) return undefined;
  const top = start - MEETING_FIRST_MS;
  return Math.min(top > now ? top - now : start - now, LONGEST_WAIT_MS);
}
