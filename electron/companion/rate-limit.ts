// Token buckets per connection, one for frames and one for their bytes: a burst of calls is fine,
// a flood is refused call by call, and a connection that keeps flooding long after being refused
// is closed. Bytes are counted because reading a frame costs what its size costs (the JSON parse
// is linear once nesting is bounded, frame-codec.ts), so a few huge frames must not pass where
// many small ones would not. Time is passed in, so tests and the host agree on what "now" is.

export interface RateLimitOptions {
  /** Calls allowed at once. */
  burst: number;
  /** Calls regained per second. */
  perSecond: number;
  /** Bytes of frames allowed at once; at least the largest frame, or it could never pass. */
  burstBytes: number;
  /** Bytes regained per second. */
  bytesPerSecond: number;
  /** Refusals in a row after which the connection is closed. */
  closeAfterRefusals: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  burst: 40,
  perSecond: 20,
  // Two of the largest frames the relay passes (1 MiB, frame-codec.ts) at once, one a second: a
  // panel's calls are a few hundred bytes, a long question at most 400 KB.
  burstBytes: 2 * MIB,
  bytesPerSecond: MIB,
  closeAfterRefusals: 400,
};

export type RateDecision = 'allow' | 'refuse' | 'close';

export function createRateLimiter(options: RateLimitOptions, now: () => number) {
  let calls = options.burst;
  let bytes = options.burstBytes;
  let last = now();
  let refusedInARow = 0;
  return {
    /** One frame of `size` bytes: whether to read it. */
    take(size = 0): RateDecision {
      const at = now();
      const seconds = (at - last) / 1000;
      last = at;
      calls = Math.min(options.burst, calls + seconds * options.perSecond);
      bytes = Math.min(options.burstBytes, bytes + seconds * options.bytesPerSecond);
      if (calls >= 1 && bytes >= size) {
        calls -= 1;
        bytes -= size;
        refusedInARow = 0;
        return 'allow';
      }
      refusedInARow += 1;
      return refusedInARow >= options.closeAfterRefusals ? 'close' : 'refuse';
    },
  };
}
