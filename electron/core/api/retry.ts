// When and how long to wait before trying a request again. Pure functions plus one abortable
// sleep, so the run stream's reconnect logic can reuse the same backoff and Retry-After rules.

import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';

export interface RetryPolicy {
  /** Retries after the first attempt (so at most `retries + 1` attempts). */
  retries: number;
  /** First backoff ceiling; it doubles per retry. */
  baseDelayMs: number;
  /** Largest backoff ceiling for one wait. */
  maxDelayMs: number;
  /** Wall-clock budget for the whole call, attempts and waits together. */
  totalTimeMs: number;
  /**
   * Longest server-requested wait we honour. A Retry-After beyond it (or beyond the remaining
   * budget) ends the call with the error, which keeps `retryAfterMs` for the caller to show.
   */
  maxRetryAfterMs: number;
  /** Source of jitter in [0, 1); injectable so tests are deterministic. */
  random: () => number;
}

export type RetryOptions = Partial<RetryPolicy>;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 300,
  maxDelayMs: 8_000,
  totalTimeMs: 20_000,
  maxRetryAfterMs: 15_000,
  random: Math.random,
};

export function resolveRetryPolicy(options: RetryOptions | undefined): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, ...options };
}

/** HTTP statuses after which the same request may well succeed. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/**
 * Full jitter (AWS architecture blog, "Exponential Backoff And Jitter"): a uniform wait in
 * [0, min(max, base * 2^attempt)). Spreads clients that failed together instead of having them
 * come back in lock-step. `attempt` counts retries from 0.
 */
export function backoffDelay(
  attempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>,
): number {
  const exponent = Math.min(Math.max(0, Math.floor(attempt)), 30);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  const r = policy.random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  return Math.floor(unit * ceiling);
}

/**
 * Parses a Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP date. Returns the wait
 * in ms, or undefined when absent or unreadable. A date in the past means "now" (0).
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined;
  }
  // Only the date forms HTTP allows; Date.parse alone would also accept "1.5" or "tomorrow-ish".
  if (!/[a-z]/i.test(text) || !/\d{1,2}:\d{2}:\d{2}/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Waits `ms`, or rejects with an `aborted` AssistantError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortedError(signal));
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortedError(signal: AbortSignal | undefined): AssistantError {
  return new AssistantError({
    kind: 'aborted',
    message: coreWords().t('errors.request.cancelled'),
    retryable: false,
    cause: signal?.reason,
  });
}
