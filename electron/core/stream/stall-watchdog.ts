// The stall watchdog of one connection: one timer that checks, when it fires, how long we have
// been waiting for bytes (re-arming itself for the rest), instead of a new timer per chunk. Time
// the consumer spends on a batch does not count (disarm while it has the batch): that is not the
// network stalling.
import type { Clock, TimerHandle } from '../clock';

export interface StallWatchdog {
  /** Waiting for bytes from now on. */
  arm(): void;
  /** Not waiting for the network (the consumer has the batch). */
  disarm(): void;
  /** The connection is over: no timer left behind. */
  stop(): void;
}

export function createStallWatchdog(
  clock: Clock,
  timeoutMs: number,
  isOver: () => boolean,
  onStall: () => void,
): StallWatchdog {
  let timer: TimerHandle | undefined;
  let waitingSince: number | undefined;
  const check = (): void => {
    timer = undefined;
    if (isOver()) return;
    const waited = waitingSince === undefined ? 0 : clock.now() - waitingSince;
    if (waited >= timeoutMs) onStall();
    else timer = clock.setTimeout(check, timeoutMs - waited);
  };
  return {
    arm() {
      waitingSince = clock.now();
      timer ??= clock.setTimeout(check, timeoutMs);
    },
    disarm() {
      waitingSince = undefined;
    },
    stop() {
      waitingSince = undefined;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}
