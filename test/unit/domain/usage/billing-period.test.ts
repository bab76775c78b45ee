// The billing period's days in the user's zone: the same UTC month read at UTC−10, UTC, UTC+3
// and UTC+9, with an exclusive or an inclusive end, around the period's boundary.
import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  daysLeftAfter,
  periodDays,
  periodInstants,
} from '../../../../electron/domain/usage/billing-period';

const exclusive = { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' };
const inclusive = { start: '2026-11-01T00:00:00.000Z', end: '2026-11-30T23:59:59.999Z' };
const at = (iso: string) => Date.parse(iso);

describe('periodInstants', () => {
  it('reads an inclusive end (the last millisecond) as the instant the next period starts', () => {
    expect(periodInstants(inclusive)).toEqual(periodInstants(exclusive));
    expect(periodInstants(exclusive)?.end).toBe(at('2026-12-01T00:00:00.000Z'));
  });

  it('refuses what it cannot read rather than guess', () => {
    expect(periodInstants({ start: 'soon', end: exclusive.end })).toBeNull();
    expect(periodInstants({ start: exclusive.end, end: exclusive.start })).toBeNull();
  });
});

describe('periodDays in the user’s zone', () => {
  it.each([
    // zone, first day, last day, reset day
    ['Pacific/Honolulu', '2026-10-31', '2026-11-29', '2026-11-30'],
    ['UTC', '2026-11-01', '2026-11-30', '2026-12-01'],
    ['Asia/Riyadh', '2026-11-01', '2026-11-30', '2026-12-01'],
    ['Asia/Tokyo', '2026-11-01', '2026-11-30', '2026-12-01'],
  ])('in %s runs %s – %s and resets on %s', (zone, firstDay, lastDay, resetDay) => {
    const expected = { firstDay, lastDay, resetDay };
    expect(periodDays(exclusive, zone)).toEqual(expected);
    expect(periodDays(inclusive, zone)).toEqual(expected);
  });

  it('gives a period shorter than a day its one day', () => {
    const short = { start: '2026-11-30T09:00:00.000Z', end: '2026-11-30T12:00:00.000Z' };
    expect(periodDays(short, 'UTC')).toEqual({
      firstDay: '2026-11-30',
      lastDay: '2026-11-30',
      resetDay: '2026-11-30',
    });
  });
});

describe('daysLeftAfter', () => {
  it.each([
    // Late on 28 November in Berlin is 22:30 UTC: the 29th has begun east of UTC+1.
    ['Pacific/Honolulu', '2026-11-28T22:30:00Z', 1],
    ['UTC', '2026-11-28T22:30:00Z', 2],
    ['Asia/Riyadh', '2026-11-28T22:30:00Z', 1],
    ['Asia/Tokyo', '2026-11-28T22:30:00Z', 1],
    // Hours before the UTC boundary: the last day everywhere (Tokyo is already on the reset day,
    // Honolulu on the day it resets at 14:00); never a negative count.
    ['Pacific/Honolulu', '2026-11-30T20:00:00Z', 0],
    ['UTC', '2026-11-30T20:00:00Z', 0],
    ['Asia/Riyadh', '2026-11-30T20:00:00Z', 0],
    ['Asia/Tokyo', '2026-11-30T20:00:00Z', 0],
  ])('in %s at %s: %i', (zone, now, left) => {
    const days = periodDays(exclusive, zone);
    expect(days).not.toBeNull();
    if (days) expect(daysLeftAfter(days, at(now), zone)).toBe(left);
  });

  it('counts calendar days, not 24-hour spans', () => {
    // 23:59 on the 28th in Tokyo and 00:01 on the 29th are a minute apart and a day apart.
    const days = periodDays(exclusive, 'Asia/Tokyo');
    if (!days) throw new Error('unreadable');
    expect(calendarDay(at('2026-11-28T14:59:00Z'), 'Asia/Tokyo')).toBe('2026-11-28');
    expect(daysLeftAfter(days, at('2026-11-28T14:59:00Z'), 'Asia/Tokyo')).toBe(2);
    expect(daysLeftAfter(days, at('2026-11-28T15:01:00Z'), 'Asia/Tokyo')).toBe(1);
  });
});
