import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatElapsed,
  formatMoney,
  formatPercent,
  formatRelative,
  humanizeKey,
  isoDateKind,
} from '../../../../src/lib/format';

describe('formatMoney', () => {
  it('uses the currency and the locale', () => {
    expect(formatMoney(1250000, 'EUR', 'en-US')).toBe('€1,250,000');
    expect(formatMoney(1250000, 'EUR', 'de-DE')).toBe('1.250.000\u00a0€');
    expect(formatMoney(99.5, 'USD', 'en-US')).toBe('$99.50');
    expect(formatMoney(5000, 'JPY', 'en-US')).toBe('¥5,000');
  });
  it('falls back for a currency code Intl does not accept', () => {
    expect(formatMoney(10, 'ZZ1', 'en-US')).toBe('10 ZZ1');
  });
  it('keeps a Latin currency one word on a right-to-left line, where the locale puts it', () => {
    // Not isolated, "US$" after the number on an Arabic line showed as "$US 920,000".
    const amount = formatMoney(920000, 'USD', 'ar');
    expect(amount).toMatch(/^\u200f920,000\s\u2068US\$\u2069$/u);
    expect(formatMoney(45000000, 'JPY', 'ar')).toContain('\u2068JP¥\u2069');
    // Left to right, nothing is added: the amount is the locale's, as Intl writes it.
    expect(formatMoney(920000, 'USD', 'en-US')).toBe('$920,000');
  });
});

describe('formatPercent', () => {
  it('writes a percent in the locale’s own style, with the digits asked for', () => {
    expect(formatPercent(0.96, 'en-US')).toBe('96%');
    expect(formatPercent(0.96, 'de-DE')).toBe('96\u00a0%');
    expect(formatPercent(0.125, 'en-US', 1)).toBe('12.5%');
    expect(formatPercent(0.125, 'en-US')).toBe('13%');
  });
});

describe('dates', () => {
  it('recognises ISO dates and date-times', () => {
    expect(isoDateKind('2025-03-14')).toBe('date');
    expect(isoDateKind('2025-03-14T09:30:00.000Z')).toBe('datetime');
    expect(isoDateKind('2025-13-45')).toBeNull();
    expect(isoDateKind('14/03/2025')).toBeNull();
  });
  it('shows a date-only value as that calendar day in every time zone', () => {
    expect(formatDate('2025-03-14', 'en-US')).toBe('Mar 14, 2025');
    expect(formatDate('2025-03-14', 'de-DE')).toBe('14.03.2025');
  });
  it('shows a date-time in the given zone', () => {
    expect(formatDate('2025-03-14T23:30:00Z', 'en-GB', 'Europe/Paris')).toBe('15 Mar 2025, 00:30');
  });
  it('says how long ago', () => {
    const now = Date.parse('2025-03-14T12:00:00Z');
    expect(formatRelative('2025-03-14T11:59:50Z', now, 'en')).toBe('now');
    expect(formatRelative('2025-03-14T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(formatRelative('2025-03-14T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(formatRelative('2025-03-13T12:00:00Z', now, 'en')).toBe('yesterday');
  });
});

describe('formatElapsed', () => {
  it('counts minutes and hours', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_400)).toBe('1:05');
    expect(formatElapsed(3_726_000)).toBe('1:02:06');
  });
});

describe('humanizeKey', () => {
  it('reads camelCase, snake_case and acronyms', () => {
    expect(humanizeKey('closeDate')).toBe('Close date');
    expect(humanizeKey('close_date')).toBe('Close date');
    expect(humanizeKey('dealId')).toBe('Deal ID');
    expect(humanizeKey('ARR')).toBe('ARR');
    expect(humanizeKey('crmURL')).toBe('CRM URL');
    expect(humanizeKey('sku')).toBe('SKU');
  });
});

describe('humanizeEnum', () => {
  it('reads machine values', async () => {
    const { humanizeEnum } = await import('../../../../src/lib/format');
    expect(humanizeEnum('closed_won')).toBe('Closed won');
    expect(humanizeEnum('negotiation')).toBe('Negotiation');
  });
});
