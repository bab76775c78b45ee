import { describe, expect, it } from 'vitest';
import { runQuotaWarning, usageLevel } from '../../../src/lib/usage';

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
    expect(runQuotaWarning({ used: 10, limit: 100 })).toBeNull();
    expect(runQuotaWarning({ used: null as never, limit: null })).toBeNull();
    expect(runQuotaWarning({ used: 81, limit: 100 })).toEqual({
      level: 'warning',
      message: 'Only 19 of 100 runs left in this billing period.',
    });
    expect(runQuotaWarning({ used: 100, limit: 100 })?.level).toBe('exhausted');
  });
});
