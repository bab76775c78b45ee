import { describe, expect, it } from 'vitest';
import { formatDayOfMonth } from '../../../../src/lib/format';
import {
  askLimit,
  askQuotaWarnings,
  projectQuota,
  runQuotaWarning,
  usageLevel,
} from '../../../../src/lib/usage';
import { englishT as t } from '../../../support/translators';

describe('usageLevel', () => {
  it('changes colour at 80, 95 and 100 percent', () => {
    expect(usageLevel({ used: 79, limit: 100 })).toBe('ok');
    expect(usageLevel({ used: 80, limit: 100 })).toBe('warning');
    expect(usageLevel({ used: 94, limit: 100 })).toBe('warning');
    expect(usageLevel({ used: 95, limit: 100 })).toBe('critical');
    expect(usageLevel({ used: 100, limit: 100 })).toBe('exhausted');
    expect(usageLevel({ used: 130, limit: 100 })).toBe('exhausted');
  });
  it('treats null as no limit and zero as exhausted', () => {
    expect(usageLevel({ used: 10_000, limit: null })).toBe('unlimited');
    expect(usageLevel({ used: 0, limit: 0 })).toBe('exhausted');
  });
});

describe('runQuotaWarning', () => {
  it('warns when the runs quota is nearly or fully used', () => {
    expect(runQuotaWarning({ used: 10, limit: 100 }, t)).toBeNull();
    expect(runQuotaWarning({ used: null as never, limit: null }, t)).toBeNull();
    expect(runQuotaWarning({ used: 81, limit: 100 }, t)).toEqual({
      level: 'warning',
      message: 'Only 19 of 100 runs left in this billing period.',
    });
    expect(runQuotaWarning({ used: 100, limit: 100 }, t)?.level).toBe('exhausted');
  });
});

describe('projectQuota', () => {
  const period = { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' };
  const at = (iso: string) => Date.parse(iso);

  it('says when a quota runs out at the pace of the period so far', () => {
    // 60 runs in 10 days is 6 a day: the 40 left last until 17 November, 6 2/3 days on.
    const p = projectQuota({ used: 60, limit: 100 }, period, at('2026-11-11T00:00:00Z'));
    expect(p?.runsOutAt?.toISOString()).toBe('2026-11-17T16:00:00.000Z');
    expect(p?.ratioAtEnd).toBeCloseTo(1.8);
  });

  it('gives the share used at the end when the quota lasts, and nothing without a limit or a day of history', () => {
    const p = projectQuota({ used: 10, limit: 100 }, period, at('2026-11-16T00:00:00Z'));
    expect(p?.runsOutAt).toBeUndefined();
    expect(p?.ratioAtEnd).toBeCloseTo(0.2);
    expect(projectQuota({ used: 10, limit: null }, period, at('2026-11-16T00:00:00Z'))).toBeNull();
    expect(projectQuota({ used: 10, limit: 100 }, period, at('2026-11-01T08:00:00Z'))).toBeNull();
  });
});

describe('askQuotaWarnings', () => {
  const usage = (runs: number, tokens: number, requests: number) => ({
    runs: { count: runs, limit: 100 },
    tokens: { input: tokens, output: 0, limit: 1000 },
    requests: { count: requests, limit: null },
  });

  it('warns for every quota that stops a run, the most pressing first', () => {
    expect(askQuotaWarnings(usage(10, 100, 5), t)).toEqual([]);
    const warnings = askQuotaWarnings(usage(85, 1000, 5), t);
    expect(warnings.map((w) => w.level)).toEqual(['exhausted', 'warning']);
    expect(warnings[0]?.message).toMatch(/tokens quota of this billing period is used up/);
    expect(warnings[1]?.message).toBe('Only 15 of 100 runs left in this billing period.');
  });
});

describe('askLimit', () => {
  const period = { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' };
  const usage = (runs: number, tokens: number, runLimit = 50) => ({
    billingPeriod: period,
    runs: { count: runs, limit: runLimit },
    tokens: { input: tokens, output: 0, limit: 1000 },
    requests: { count: 3, limit: null },
  });
  const day = (iso: string) => formatDayOfMonth(iso, 'en-GB');

  it('says a used-up quota once: what, when it resets, who can help; Ask is then blocked', () => {
    expect(askLimit(usage(50, 10), day, t)).toEqual({
      blocked: true,
      message:
        'Your team has used its 50 runs this month; they reset on 1 December. Ask your admin for more.',
    });
    expect(askLimit(usage(10, 1000), day, t)?.message).toBe(
      'Your team has used its allowance for answers this month; it resets on 1 December. Ask your admin for more.',
    );
  });

  it('names the billing period when it is not a calendar month', () => {
    const custom = { ...usage(50, 0), billingPeriod: { start: '2026-11-15', end: '2026-12-15' } };
    expect(askLimit(custom, day, t)?.message).toMatch(
      /50 runs this billing period; they reset on 15 December/,
    );
  });

  it('otherwise says only the most pressing warning, and nothing when all is well', () => {
    expect(askLimit(usage(46, 10), day, t)).toEqual({
      blocked: false,
      message: 'Only 4 of 50 runs left in this billing period.',
    });
    expect(askLimit(usage(1, 10), day, t)).toBeUndefined();
  });
});
