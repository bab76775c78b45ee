// A prep counts as read once its answer is open, however it was opened: "Read the prep" on
// Today, the notification, the inbox, the answers list. Watching the route catches them all, and
// watching the list too catches an answer opened before the list arrived.
import { useRouter } from '../../platform/router';
import { useAutoPrep } from './autoPrepStore';
import { unreadPrepShown } from './prepShown';

let started = false;

export function startMarkingPrepsRead(): void {
  if (started) return;
  started = true;
  const check = () => {
    const meetingKey = unreadPrepShown(
      useRouter.getState().route,
      useAutoPrep.getState().preps.value,
    );
    if (meetingKey !== undefined) void useAutoPrep.getState().markRead(meetingKey);
  };
  useRouter.subscribe(check);
  useAutoPrep.subscribe(check);
  check();
}
