// When a streaming view follows the newest text. It follows while the reader is at the bottom,
// stops as soon as they scroll up (even by a little), and follows again once they come back to
// the bottom. Content growing below the reader never counts as them scrolling.

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
  previousScrollTop: number;
  metrics: ScrollMetrics;
  /** The scroll event came from our own scrolling to the bottom. */
  programmatic: boolean;
}

export function nextFollowing({
  following,
  previousScrollTop,
  metrics,
  programmatic,
}: FollowInput): boolean {
  if (programmatic) return following;
  if (isAtBottom(metrics)) return true;
  if (metrics.scrollTop < previousScrollTop - 1) return false;
  return following;
}
