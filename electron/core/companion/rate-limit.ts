// A token bucket per connection: a burst of calls is fine, a flood is refused call by call, and a
// connection that keeps flooding long after being refused is closed. Time is passed in, so tests
// and the host agree on what "now" is.

export interface RateLimitOptions {
  /** Calls allowed at once. */
  burst: number;
  /** Calls regained per second. */
  perSecond: number;
  /** Refusals in a row after which the connection is closed. */
  closeAfterRefusals: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  burst: 40,
  perSecond: 20,
  closeAfterRefusals: 400,
};

export type RateDecision = 'allow' | 'refuse' | 'close';

export function createRateLimiter(options: RateLimitOptions, now: () => number) {
  let tokens = options.burst;
  let last = now();
  let refusedInARow = 0;
  return {
    take(): RateDecision {
      const at = now();
      tokens = Math.min(options.burst, tokens + ((at - last) / 1000) * options.perSecond);
      last = at;
      if (tokens >= 1) {
        tokens -= 1;
        refusedInARow = 0;
        return 'allow';
      }
      refusedInARow += 1;
      return refusedInARow >= options.closeAfterRefusals ? 'close' : 'refuse';
    },
  };
}
