import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UsageSummary } from '../../../../electron/core/api/schemas';
import {
  checkRunQuota,
  createRunQuotaGuard,
  levelForRatio,
  quotaStatus,
  summariseUsage,
} from '../../../../electron/core/usage';

const usage = (
  runs: { count: number; limit: number | null },
  tokens = { input: 10, output: 20, limit: 100 as number | null },
): UsageSummary => ({
  billingPeriod: { start: '2025-03-01T00:00:00.000Z', end: '2025-04-01T00:00:00.000Z' },
  requests: { count: 50, limit: 1000 },
  runs,
  tokens,
});

describe('quota levels', () => {
  it('puts the thresholds at 80 %, 95 % and 100 %', () => {
    expect(levelForRatio(0)).toBe('ok');
    expect(levelForRatio(0.7999)).toBe('ok');
    expect(levelForRatio(0.8)).toBe('warning');
    expect(levelForRatio(0.9499)).toBe('warning');
    expect(levelForRatio(0.95)).toBe('critical');
    expect(levelForRatio(1)).toBe('reached');
    expect(levelForRatio(3)).toBe('reached');
    expect(levelForRatio(null)).toBe('ok');
  });

  it('is monotonic in usage for any limit', () => {
    const order = ['ok', 'warning', 'critical', 'reached'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (a, b, limit) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          return (
            order.indexOf(quotaStatus('runs', lo, limit).level) <=
            order.indexOf(quotaStatus('runs', hi, limit).level)
          );
        },
      ),
    );
  });

  it('treats a null limit as "no limit shown": no ratio, never a warning', () => {
    fc.assert(
      fc.property(fc.nat(), (used) => {
        expect(quotaStatus('tokens', used, null)).toEqual({
          name: 'tokens',
          used,
          limit: null,
          ratio: null,
          level: 'ok',
          remaining: null,
        });
      }),
    );
  });

  it('treats a zero limit as reached', () => {
    expect(quotaStatus('runs', 0, 0)).toMatchObject({ ratio: 1, level: 'reached', remaining: 0 });
  });
});

describe('summariseUsage', () => {
  it('adds input and output tokens, computes runs left and the worst level', () => {
    const view = summariseUsage(
      usage({ count: 8, limit: 10 }, { input: 60, output: 36, limit: 100 }),
    );
    expect(view.tokens).toMatchObject({
      used: 96,
      input: 60,
      output: 36,
      ratio: 0.96,
      level: 'critical',
    });
    expect(view.runs).toMatchObject({ ratio: 0.8, level: 'warning', remaining: 2 });
    expect(view.runsLeft).toBe(2);
    expect(view.level).toBe('critical');
    expect(view.period).toEqual({
      start: '2025-03-01T00:00:00.000Z',
      end: '2025-04-01T00:00:00.000Z',
    });
  });

  it('never reports negative runs left', () => {
    expect(summariseUsage(usage({ count: 12, limit: 10 })).runsLeft).toBe(0);
    expect(summariseUsage(usage({ count: 12, limit: null })).runsLeft).toBeNull();
  });
});

describe('checkRunQuota', () => {
  it('allows a run below the limit or without a limit', () => {
    expect(checkRunQuota(usage({ count: 9, limit: 10 }))).toEqual({ allowed: true, runsLeft: 1 });
    expect(checkRunQuota(usage({ count: 999, limit: null }))).toEqual({
      allowed: true,
      runsLeft: null,
    });
  });

  it('refuses at or over the limit with a clear quota error', () => {
    const decision = checkRunQuota(usage({ count: 10, limit: 10 }), 'UTC');
    expect(decision.allowed).toBe(false);
    if (decision.allowed) return;
    expect(decision.error).toMatchObject({
      kind: 'quota',
      code: 'runs_quota_reached',
      retryable: false,
    });
    expect(decision.error.message).toBe(
      'Run limit reached: 10 of 10 runs used this billing period (it ends March 31). No run was started.',
    );
  });
});

describe('createRunQuotaGuard', () => {
  it('loads usage once within maxAge and counts the runs it let through', async () => {
    let loads = 0;
    let clock = 0;
    const guard = createRunQuotaGuard({
      loadUsage: async () => {
        loads += 1;
        return usage({ count: 8, limit: 10 });
      },
      maxAgeMs: 1000,
      now: () => clock,
    });
    await expect(guard.check()).resolves.toEqual({ checked: true, runsLeft: 2 });
    guard.noteRunStarted();
    await expect(guard.check()).resolves.toEqual({ checked: true, runsLeft: 1 });
    guard.noteRunStarted();
    await expect(guard.check()).rejects.toMatchObject({ kind: 'quota' });
    expect(loads).toBe(1);
    clock = 2000;
    await expect(guard.check()).resolves.toMatchObject({ checked: true });
    expect(loads).toBe(2);
  });

  it('lets the run through when usage cannot be loaded, but not when cancelled', async () => {
    const { AssistantError } = await import('../../../../electron/core/errors');
    const failing = createRunQuotaGuard({
      loadUsage: async () => {
        throw new AssistantError({
          kind: 'network',
          message: 'Could not reach the service (ECONNREFUSED).',
        });
      },
    });
    await expect(failing.check()).resolves.toEqual({
      checked: false,
      reason: 'Could not reach the service (ECONNREFUSED).',
    });
    const aborted = createRunQuotaGuard({
      loadUsage: async () => {
        throw new AssistantError({ kind: 'aborted', message: 'cancelled' });
      },
    });
    await expect(aborted.check()).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('uses a summary fed by update() and forgets it on invalidate()', async () => {
    let loads = 0;
    const guard = createRunQuotaGuard({
      loadUsage: async () => (loads++, usage({ count: 0, limit: 5 })),
    });
    guard.update(usage({ count: 5, limit: 5 }));
    await expect(guard.check()).rejects.toMatchObject({ kind: 'quota' });
    guard.invalidate();
    await expect(guard.check()).resolves.toMatchObject({ checked: true, runsLeft: 5 });
    expect(loads).toBe(1);
  });
});
