// When a streaming view follows the newest text. It follows while the reader is at the bottom,
// stops as soon as they scroll up (even by a little), and follows again once they come back down
// to the bottom. Only the reader's own gestures (wheel, keys, touch, the scrollbar) count as
// scrolling up: the view also moves when content grows or is measured again, or when we scroll it
// ourselves, and a scroll event cannot tell who moved it (the browser sends one per frame).

export const BOTTOM_SLACK_PX = 24;

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export function distanceFromBottom(m: ScrollMetrics): number {
  return Math.max(0, m.scrollHeight - m.clientHeight - m.scrollTop);
}

export function isAtBottom(m: ScrollMetrics, slack = BOTTOM_SLACK_PX): boolean {
  return distanceFromBottom(m) <= slack;
}

export interface FollowInput {
  following: boolean;
  /** Where the view was at the previous scroll event. */
  previousScrollTop: number;
  metrics: ScrollMetrics;
  /** A gesture of the reader's moved the view up since the previous scroll event. */
  readerScrolledUp: boolean;
}

export function nextFollowing({
  following,
  previousScrollTop,
  metrics,
  readerScrolledUp,
}: FollowInput): boolean {
  if (readerScrolledUp) return false;
  // Back at the bottom by moving down (a smooth scroll up starts within the slack: not that).
  if (!following && isAtBottom(metrics) && metrics.scrollTop > previousScrollTop) return true;
  return following;
}

/** Keys that scroll a focused scroll area up by a step (Home is handled on its own). */
export const SCROLL_UP_KEYS: ReadonlySet<string> = new Set(['ArrowUp', 'PageUp']);
