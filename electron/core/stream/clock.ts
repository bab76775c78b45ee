// Time as a dependency: the follower, the backoff and the coalescer ask this object for the time
// and for timers, so tests can drive them without real sleeps.

export type TimerHandle = { readonly __timer: unique symbol };

export interface Clock {
  /** Milliseconds on a monotonic scale (only differences matter). */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms) as unknown as TimerHandle,
  clearTimeout: (handle) => clearTimeout(handle as unknown as NodeJS.Timeout),
};
