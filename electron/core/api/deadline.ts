// One attempt's signal: the caller's AbortSignal combined with a per-attempt timer. Kept apart
// because a rejected fetch looks the same whoever aborted it, and we must report "cancelled"
// (never retried) differently from "timed out" (retryable).

export interface Attempt {
  /** Pass to fetch and to body reads; aborts on the caller's abort or on the timer. */
  readonly signal: AbortSignal;
  /** True once the caller's signal aborted. */
  readonly aborted: boolean;
  /** True once the timer fired (and the caller had not aborted first). */
  readonly timedOut: boolean;
  readonly timeoutMs: number | undefined;
  /** Stops the timer, e.g. once a stream's headers arrived and a stall timer takes over. */
  clearTimer(): void;
}

export function startAttempt(
  callerSignal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): Attempt {
  const timer = new AbortController();
  let timedOut = false;
  let handle: ReturnType<typeof setTimeout> | undefined;
  if (timeoutMs !== undefined && Number.isFinite(timeoutMs) && timeoutMs > 0) {
    handle = setTimeout(() => {
      if (callerSignal?.aborted) return;
      timedOut = true;
      timer.abort(new DOMException('The attempt timed out.', 'TimeoutError'));
    }, timeoutMs);
  }
  const signal = callerSignal ? AbortSignal.any([callerSignal, timer.signal]) : timer.signal;
  return {
    signal,
    get aborted() {
      return callerSignal?.aborted === true && !timedOut;
    },
    get timedOut() {
      return timedOut;
    },
    timeoutMs,
    clearTimer() {
      if (handle !== undefined) clearTimeout(handle);
      handle = undefined;
    },
  };
}
