// The reserve automatic prep leaves for the salesperson's own questions.
import { describe, expect, it } from 'vitest';
import type { UsageSummary } from '../../../../electron/core/api/schemas';
import { quotaGate } from '../../../../electron/core/prep';

function usage(
  runs: { count: number; limit: number | null },
  tokens = { used: 0, limit: null as number | null },
): UsageSummary {
  return {
    billingPeriod: { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' },
    requests: { count: 0, limit: null },
    runs,
    tokens: { input: tokens.used, output: 0, limit: tokens.limit },
  };
}

describe('quotaGate', () => {
  it('starts a prep that leaves the reserve of runs intact, and none that would eat into it', () => {
    // 10 % of 100 runs kept: with 11 left, the prep leaves 10.
    expect(quotaGate(usage({ count: 89, limit: 100 }), 10)).toEqual({ open: true });
    expect(quotaGate(usage({ count: 90, limit: 100 }), 10)).toEqual({
      open: false,
      quota: 'runs',
      left: 10,
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
    });
  });

  it('keeps nothing back at 0 % but still needs a run left', () => {
    expect(quotaGate(usage({ count: 99, limit: 100 }), 0)).toEqual({ open: true });
    expect(quotaGate(usage({ count: 100, limit: 100 }), 0)).toMatchObject({ open: false, left: 0 });
  });

  it('holds back on tokens below the reserve too, and lets everything through without limits', () => {
    expect(
      quotaGate(usage({ count: 0, limit: null }, { used: 9_500, limit: 10_000 }), 10),
    ).toMatchObject({ open: false, quota: 'tokens', left: 500 });
    expect(quotaGate(usage({ count: 10_000, limit: null }), 90)).toEqual({ open: true });
  });
});
