import { describe, expect, it } from 'vitest';
import { formatDayOfMonth } from '../../../../src/lib/format';
import {
  askLimit,
  askQuotaWarnings,
  paceMessage,
  periodShown,
  projectQuota,
  runQuotaWarning,
  usageLevel,
} from '../../../../src/lib/usage';
import { englishT as t, translatorFor } from '../../../support/translators';

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
  const day = (calendarDay: string) => formatDayOfMonth(calendarDay, 'en-GB');

  it('says a used-up quota once: what, when it resets, who can help; Ask is then blocked', () => {
    expect(askLimit(usage(50, 10), day, t, 'UTC')).toEqual({
      blocked: true,
      message:
        'Your team has used its 50 runs this month; they reset on 1 December. Ask your admin for more.',
    });
    expect(askLimit(usage(10, 1000), day, t, 'UTC')?.message).toBe(
      'Your team has used its allowance for answers this month; it resets on 1 December. Ask your admin for more.',
    );
  });

  it('names the billing period when it is not a calendar month', () => {
    const custom = { ...usage(50, 0), billingPeriod: { start: '2026-11-15', end: '2026-12-15' } };
    expect(askLimit(custom, day, t, 'UTC')?.message).toMatch(
      /50 runs this billing period; they reset on 15 December/,
    );
  });

  it('otherwise says only the most pressing warning, and nothing when all is well', () => {
    expect(askLimit(usage(46, 10), day, t, 'UTC')).toEqual({
      blocked: false,
      message: 'Only 4 of 50 runs left in this billing period.',
    });
    expect(askLimit(usage(1, 10), day, t, 'UTC')).toBeUndefined();
  });
});

describe('one time zone: Usage, the quota message and the forecast name the same days', () => {
  const period = { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' };
  const usedUp = {
    billingPeriod: period,
    runs: { count: 100, limit: 100 },
    tokens: { input: 0, output: 0, limit: null },
    requests: { count: 0, limit: null },
  };
  const english = translatorFor('en', 'en-GB');
  const day = (calendarDay: string) => formatDayOfMonth(calendarDay, 'en-GB');

  it.each([
    ['Pacific/Honolulu', '2026-10-31', '2026-11-29', '30 November'],
    ['UTC', '2026-11-01', '2026-11-30', '1 December'],
    ['Asia/Riyadh', '2026-11-01', '2026-11-30', '1 December'],
    ['Asia/Tokyo', '2026-11-01', '2026-11-30', '1 December'],
  ])('in %s the period runs %s – %s and resets on %s', (zone, first, last, reset) => {
    const now = Date.parse('2026-11-28T22:30:00Z');
    expect(periodShown(period, now, zone)).toMatchObject({ firstDay: first, lastDay: last });
    expect(askLimit(usedUp, day, t, zone)?.message).toContain(`they reset on ${reset}.`);
    // An inclusive end from another service says the same.
    const inclusive = { ...usedUp, billingPeriod: { ...period, end: '2026-11-30T23:59:59.999Z' } };
    expect(askLimit(inclusive, day, t, zone)?.message).toContain(`they reset on ${reset}.`);
    expect(askLimit(inclusive, day, t, zone)?.message).toMatch(/this month/);
  });

  it.each([
    // 96 of 100 by 28 Nov 00:00 UTC: the 4 left last 27 hours, to 29 Nov 03:00 UTC.
    ['Pacific/Honolulu', 'Sat 28 Nov, 1 day before the period ends'],
    ['UTC', 'Sun 29 Nov, 1 day before the period ends'],
    ['Asia/Riyadh', 'Sun 29 Nov, 1 day before the period ends'],
    ['Asia/Tokyo', 'Sun 29 Nov, 1 day before the period ends'],
  ])('in %s the forecast says %s', (zone, said) => {
    const now = Date.parse('2026-11-28T00:00:00Z');
    const message = paceMessage('runs', { used: 96, limit: 100 }, period, now, english, zone);
    expect(message).toBe(`At this pace, runs run out on ${said}.`);
  });

  it.each([
    // Out at 30 Nov 20:03 UTC: the last day in UTC and Riyadh, the reset day in Tokyo (1 Dec,
    // 05:00), the reset day in Honolulu too (30 Nov, before 14:00).
    ['Pacific/Honolulu', 'At this pace, about 101% will be used when the period ends.'],
    ['UTC', 'At this pace, runs run out on Mon 30 Nov, the last day of the period.'],
    ['Asia/Riyadh', 'At this pace, runs run out on Mon 30 Nov, the last day of the period.'],
    ['Asia/Tokyo', 'At this pace, about 101% will be used when the period ends.'],
  ])('in %s, running out in the period’s last hours: %s', (zone, said) => {
    // 972 of 1000 by 30 Nov 00:00 UTC (29 days): the 28 left last to 30 Nov 20:03 UTC.
    const now = Date.parse('2026-11-30T00:00:00Z');
    const used = { used: 972, limit: 1000 };
    const out = paceMessage('runs', used, period, now, english, zone);
    expect(out).toBe(said);
  });
});
