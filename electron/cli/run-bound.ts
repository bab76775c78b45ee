// The command keeps no more of a followed run than the app does: past core's bound (20 MB of
// events, counted as the app's transcript counts them, core/limits.ts) it stops following and
// ends with an error. Without it a service streaming without end took `runs start --follow` to a
// V8 out-of-memory crash: the follower keeps the text and every event's position for resuming.
import type { FollowItem } from '../core/stream/events';
import { DEFAULT_ANSWER_LIMITS, formatBytes, runEventLine } from '../core/limits';

export class RunBound {
  private bytes = 0;

  constructor(readonly maxBytes: number = DEFAULT_ANSWER_LIMITS.maxRunBytes) {}

  /**
   * Counts one item of the follow; false when its event would take the run past the bound (that
   * event is not to be printed, as the app does not keep it).
   */
  take(item: FollowItem): boolean {
    if (item.type !== 'event') return true;
    const bytes = Buffer.byteLength(runEventLine(item.event, item.position));
    if (this.bytes + bytes > this.maxBytes) return false;
    this.bytes += bytes;
    return true;
  }

  /** The size said to people: `20 MB`. */
  get size(): string {
    return formatBytes(this.maxBytes);
  }
}
