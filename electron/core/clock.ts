// Time as a dependency: the follower, the backoff, the coalescer, the run manager and the update
// controller ask these objects for the time and for timers, so tests can drive them without real
// sleeps.

export type TimerHandle = { readonly __timer: unique symbol };

/** Timers alone, for code that never asks the time. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export interface Clock extends Timers {
  /** Milliseconds on a monotonic scale (only differences matter). */
  now(): number;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms) as unknown as TimerHandle,
  clearTimeout: (handle) => clearTimeout(handle as unknown as NodeJS.Timeout),
};
