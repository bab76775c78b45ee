import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AssistantError } from '../../../../electron/core/errors';
import { retryDelay, shouldRetry } from '../../../../electron/core/api/http';
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryableStatus,
  parseRetryAfter,
  sleep,
} from '../../../../electron/core/api/retry';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-01T12:00:00.000Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
  });

  it('reads an HTTP date relative to now, a past date meaning now', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0);
  });

  it('ignores absent and unreadable values', () => {
    for (const value of [null, undefined, '', 'soon', '1.5', '-3', 'tomorrow']) {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    }
  });

  it('never returns a negative or non-finite wait', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const ms = parseRetryAfter(value, now);
        return ms === undefined || (Number.isFinite(ms) && ms >= 0);
      }),
    );
  });
});

describe('backoffDelay (full jitter)', () => {
  it('stays within [0, min(max, base * 2^attempt)) for any attempt and random value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 60_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, baseDelayMs, maxDelayMs, r) => {
          const delay = backoffDelay(attempt, { baseDelayMs, maxDelayMs, random: () => r });
          const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt, 30));
          return Number.isInteger(delay) && delay >= 0 && delay <= ceiling;
        },
      ),
    );
  });

  it('grows exponentially up to the cap', () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999999 };
    expect([0, 1, 2, 3, 4, 10].map((a) => backoffDelay(a, policy))).toEqual([
      99, 199, 399, 799, 999, 999,
    ]);
  });

  it('survives a broken random source', () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000, random: () => Number.NaN };
    expect(backoffDelay(2, policy)).toBe(0);
  });
});

describe('retry decisions', () => {
  const err = (init: ConstructorParameters<typeof AssistantError>[0]) => new AssistantError(init);

  it('treats 408, 429 and 5xx as transient', () => {
    expect([408, 429, 500, 502, 503, 504, 599].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422, 600].some(isRetryableStatus)).toBe(false);
  });

  it('retries safe calls on transient failures only, never aborts or unauthorized', () => {
    expect(shouldRetry(err({ kind: 'network', message: 'x' }), 'safe')).toBe(true);
    expect(shouldRetry(err({ kind: 'timeout', message: 'x' }), 'safe')).toBe(true);
    expect(
      shouldRetry(err({ kind: 'service', message: 'x', status: 500, retryable: true }), 'safe'),
    ).toBe(true);
    expect(
      shouldRetry(
        err({ kind: 'bad_response', message: 'x', status: 502, retryable: true }),
        'safe',
      ),
    ).toBe(true);
    expect(shouldRetry(err({ kind: 'service', message: 'x', status: 404 }), 'safe')).toBe(false);
    expect(shouldRetry(err({ kind: 'aborted', message: 'x' }), 'safe')).toBe(false);
    expect(shouldRetry(err({ kind: 'unauthorized', message: 'x', status: 401 }), 'safe')).toBe(
      false,
    );
    expect(shouldRetry(err({ kind: 'schema', message: 'x' }), 'safe')).toBe(false);
  });

  it('retries POST with a key only on network errors, timeouts, 429 and 503', () => {
    const mode = 'idempotency-key';
    expect(shouldRetry(err({ kind: 'network', message: 'x' }), mode)).toBe(true);
    expect(shouldRetry(err({ kind: 'timeout', message: 'x' }), mode)).toBe(true);
    expect(
      shouldRetry(
        err({ kind: 'service', message: 'x', status: 429, retryable: true, retryAfterMs: 0 }),
        mode,
      ),
    ).toBe(true);
    expect(
      shouldRetry(err({ kind: 'bad_response', message: 'x', status: 503, retryable: true }), mode),
    ).toBe(true);
    expect(
      shouldRetry(err({ kind: 'service', message: 'x', status: 500, retryable: true }), mode),
    ).toBe(false);
    expect(
      shouldRetry(err({ kind: 'bad_response', message: 'x', status: 502, retryable: true }), mode),
    ).toBe(false);
    expect(shouldRetry(err({ kind: 'network', message: 'x' }), 'never')).toBe(false);
  });

  it('does not retry a 429 that does not say when (a quota used up for the period)', () => {
    const quota = err({ kind: 'service', message: 'x', status: 429, retryable: true });
    const rate = err({
      kind: 'service',
      message: 'x',
      status: 429,
      retryable: true,
      retryAfterMs: 1000,
    });
    expect(shouldRetry(quota, 'safe')).toBe(false);
    expect(shouldRetry(quota, 'idempotency-key')).toBe(false);
    expect(shouldRetry(rate, 'safe')).toBe(true);
    expect(shouldRetry(rate, 'idempotency-key')).toBe(true);
  });

  it('waits at least Retry-After, and gives up beyond the count, the cap or the budget', () => {
    const policy = {
      ...DEFAULT_RETRY_POLICY,
      retries: 3,
      totalTimeMs: 10_000,
      maxRetryAfterMs: 5000,
      random: () => 0,
    };
    const e = err({
      kind: 'service',
      message: 'x',
      status: 503,
      retryable: true,
      retryAfterMs: 2000,
    });
    expect(retryDelay(e, 0, 0, policy)).toBe(2000);
    expect(retryDelay(e, 3, 0, policy)).toBeUndefined();
    expect(retryDelay(e, 0, 9000, policy)).toBeUndefined();
    const tooLong = err({ kind: 'service', message: 'x', status: 503, retryAfterMs: 6000 });
    expect(retryDelay(tooLong, 0, 0, policy)).toBeUndefined();
  });

  it('bounds the total wait of a whole call by the budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 100, max: 30_000 }),
        fc.array(fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }), {
          maxLength: 12,
        }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retries, totalTimeMs, retryAfters, r) => {
          const policy = { ...DEFAULT_RETRY_POLICY, retries, totalTimeMs, random: () => r };
          let elapsed = 0;
          let count = 0;
          for (const retryAfterMs of retryAfters) {
            const e = err({ kind: 'network', message: 'x', retryAfterMs });
            const delay = retryDelay(e, count, elapsed, policy);
            if (delay === undefined) break;
            elapsed += delay;
            count += 1;
          }
          return elapsed <= totalTimeMs && count <= retries;
        },
      ),
    );
  });
});

describe('sleep', () => {
  it('rejects with kind aborted as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    await expect(sleep(10, AbortSignal.abort())).rejects.toMatchObject({ kind: 'aborted' });
  });
});
