// Whether the deal's next meeting leads the panel now (./meeting-first.ts), following the clock:
// one timer to the moment the answer changes (an hour before the start, then the start), not a
// poll, so the meeting moves up on time even while nothing is read again.
import { useEffect, useState } from 'react';
import { meetingFirst, untilMeetingMoves } from './meeting-first';

export function useMeetingFirst(startsAt: string | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const current = Date.now();
    // Another meeting came since the clock was last read: read it again at once.
    const stale = meetingFirst(startsAt, current) !== meetingFirst(startsAt, now);
    const wait = stale ? 0 : untilMeetingMoves(startsAt, current);
    if (wait === undefined) return undefined;
    // A moment past the boundary, so the read after it is on the new side.
    const timer = setTimeout(() => setNow(Date.now()), stale ? 0 : wait + 1);
    return () => clearTimeout(timer);
  }, [startsAt, now]);
  return meetingFirst(startsAt, now);
}
