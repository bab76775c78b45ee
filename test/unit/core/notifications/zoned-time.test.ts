import { describe, expect, it } from 'vitest';
import {
  addDays,
  instantAt,
  isValidTimeZone,
  localClock,
  localDate,
  wallTime,
  weekdayOf,
} from '../../../../electron/core/notifications/zoned-time';

describe('local wall time from Intl', () => {
  it('reads the wall clock in zones east and west of UTC, with half-hour offsets', () => {
    const instant = new Date('2026-11-23T02:30:00.000Z');
    expect(wallTime(instant, 'America/New_York')).toEqual({
      date: '2026-11-22',
      hour: 21,
      minute: 30,
      second: 0,
    });
    expect(localClock(instant, 'Asia/Kolkata')).toBe('08:00');
    expect(localDate(instant, 'Pacific/Auckland')).toBe('2026-11-23');
    expect(localClock(instant, 'Pacific/Auckland')).toBe('15:30');
  });

  it('shows midnight as 00, never 24', () => {
    expect(localClock(new Date('2026-11-22T23:00:00.000Z'), 'Europe/Berlin')).toBe('00:00');
  });

  it('finds the instant of a local time on an ordinary day', () => {
    expect(instantAt('2026-11-23', '08:00', 'America/New_York').toISOString()).toBe(
      '2026-11-23T13:00:00.000Z',
    );
    expect(instantAt('2026-11-23', '08:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-11-23T07:00:00.000Z',
    );
    expect(instantAt('2026-11-23', '08:00', 'Asia/Kolkata').toISOString()).toBe(
      '2026-11-23T02:30:00.000Z',
    );
    // Auckland is on summer time (UTC+13) in November: 08:00 there is the previous UTC day.
    expect(instantAt('2026-11-23', '08:00', 'Pacific/Auckland').toISOString()).toBe(
      '2026-11-22T19:00:00.000Z',
    );
  });

  it('uses the right offset on both sides of a daylight-saving change', () => {
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(instantAt('2026-03-07', '08:00', 'America/New_York').toISOString()).toBe(
      '2026-03-07T13:00:00.000Z',
    );
    expect(instantAt('2026-03-08', '08:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T12:00:00.000Z',
    );
    expect(instantAt('2026-11-01', '08:00', 'America/New_York').toISOString()).toBe(
      '2026-11-01T13:00:00.000Z',
    );
  });

  it('moves a skipped local time forward by the gap', () => {
    expect(instantAt('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z', // 03:30 EDT
    );
    expect(instantAt('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z', // 03:30 CEST
    );
    expect(instantAt('2026-09-27', '02:15', 'Pacific/Auckland').toISOString()).toBe(
      '2026-09-26T14:15:00.000Z', // 03:15 NZDT
    );
  });

  it('takes the first of a repeated local time', () => {
    expect(instantAt('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z', // 01:30 EDT, not 01:30 EST an hour later
    );
    expect(instantAt('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(instantAt('2026-04-05', '02:30', 'Pacific/Auckland').toISOString()).toBe(
      '2026-04-04T13:30:00.000Z', // 02:30 NZDT
    );
  });

  it('counts calendar days and weekdays independent of any zone', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(weekdayOf('2026-11-23')).toBe('mon');
    expect(weekdayOf('2026-11-22')).toBe('sun');
  });

  it('rejects an unknown time zone with a clear error', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(() => localDate(new Date(), 'Mars/Olympus')).toThrow('Unknown time zone "Mars/Olympus"');
  });
});
