// The one line Today says when a meeting was not prepared by itself: the quota's in the runs
// left (the issue's own example), nothing for "off", in the reader's language.
import { describe, expect, it } from 'vitest';
import type { UsageSummary } from '../../../../../electron/contract';
import { runsLeft, skippedLine } from '../../../../../src/features/briefings/autoPrepWords';
import { translatorFor } from '../../../../support/translators';

const usage = (count: number, limit: number | null, days = 30): UsageSummary => ({
  billingPeriod: {
    start: '2026-11-01T00:00:00Z',
    end: new Date(Date.parse('2026-11-01T00:00:00Z') + days * 86_400_000).toISOString(),
  },
  requests: { count: 0, limit: null },
  runs: { count, limit },
  tokens: { input: 0, output: 0, limit: null },
});

describe('why a meeting was not prepared automatically', () => {
  const { t } = translatorFor('en');

  it('says how many runs the team has left this month', () => {
    expect(skippedLine('quota', usage(97, 100), t)).toBe(
      'Not prepared automatically: your team has 3 runs left this month',
    );
    expect(skippedLine('quota', usage(99, 100), t)).toContain('has 1 run left');
  });

  it('does not say "this month" of a longer period, nor a count the service does not keep', () => {
    expect(skippedLine('quota', usage(97, 100, 90), t)).toBe(
      'Not prepared automatically: your team has 3 runs left',
    );
    expect(skippedLine('quota', usage(5, null), t)).toBe(
      'Not prepared automatically: your team’s quota is nearly used up',
    );
    expect(skippedLine('quota', undefined, t)).toContain('nearly used up');
    expect(runsLeft(usage(120, 100))).toBe(0);
  });

  it('says nothing when automatic prep is simply off', () => {
    expect(skippedLine('off', usage(0, 100), t)).toBeUndefined();
  });

  it('speaks the reader’s language, with its plural forms', () => {
    expect(skippedLine('quota', usage(97, 100), translatorFor('de').t)).toBe(
      'Nicht automatisch vorbereitet: Ihrem Team bleiben diesen Monat 3 Antworten',
    );
    expect(skippedLine('quota', usage(98, 100), translatorFor('ar').t)).toContain('إجابتان');
  });
});
