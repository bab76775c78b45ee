// A prep counts as read once its answer is open, however it was opened: "Read the prep" on
// Today, the notification, the inbox, the answers list, or Prepare on Today's card, which shows
// the answer there. Watching the route and the card catches them all, and watching the list too
// catches an answer opened before the list arrived.
import { useRouter } from '../../platform/router';
import { useAutoPrep } from './autoPrepStore';
import { runOnCard, unreadPrepShown } from './prepShown';
import { useBriefings } from './store';

let started = false;

export function startMarkingPrepsRead(): void {
  if (started) return;
  started = true;
  const check = () => {
    const meetingKey = unreadPrepShown(
      useRouter.getState().route,
      useAutoPrep.getState().preps.value,
      runOnCard(useBriefings.getState()),
    );
    if (meetingKey !== undefined) void useAutoPrep.getState().markRead(meetingKey);
  };
  useRouter.subscribe(check);
  useAutoPrep.subscribe(check);
  useBriefings.subscribe((state, previous) => {
    // A prep brought to the card, or the card moved on to another meeting.
    if (state.prepared !== previous.prepared || state.meeting.value !== previous.meeting.value) {
      check();
    }
  });
  check();
}
