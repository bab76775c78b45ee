// How long to wait before reconnecting a run stream, and when to give up. Bounded by consecutive
// failed attempts and by time without progress; both reset whenever new events arrive.

export interface ReconnectPolicy {
  /** Consecutive failed connections without a new event before giving up. */
  maxAttempts: number;
  /** Time since the last progress after which no further attempt is made. */
  maxElapsedMs: number;
  /** First wait when the server sent no `retry` hint. */
  baseDelayMs: number;
  /** Largest backoff for one wait. */
  maxDelayMs: number;
  /** Longest Retry-After (429/503) honoured as asked; longer ones are cut to this. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = {
  maxAttempts: 8,
  maxElapsedMs: 120_000,
  baseDelayMs: 500,
  maxDelayMs: 15_000,
  maxRetryAfterMs: 60_000,
};

/**
 * The wait before reconnect attempt `attempt` (1-based): the server's `retry` hint (or the base
 * delay) doubled per consecutive failure, capped, with "equal jitter" (half fixed, half random)
 * so clients dropped together spread out yet never come back sooner than half the hint. A
 * Retry-After from the last answer raises the wait to at least what it asked.
 */
export function reconnectDelay(
  attempt: number,
  policy: ReconnectPolicy,
  random: () => number,
  retryHintMs?: number,
  retryAfterMs?: number,
): number {
  const base = Math.max(0, retryHintMs ?? policy.baseDelayMs);
  const exponent = Math.min(Math.max(0, attempt - 1), 20);
  const ceiling = Math.min(Math.max(policy.maxDelayMs, base), base * 2 ** exponent);
  const unit = Math.min(Math.max(random(), 0), 1);
  const jittered = Math.floor(ceiling / 2 + (unit * ceiling) / 2);
  const asked = retryAfterMs === undefined ? 0 : Math.min(retryAfterMs, policy.maxRetryAfterMs);
  return Math.max(jittered, asked);
}
