// The week of a place from the locale's week data, and the week when an engine has none: the
// morning briefing's days and the order Settings lists them in follow it.
import { describe, expect, it } from 'vitest';
import {
  FALLBACK_WEEK,
  intlWeekInfo,
  weekdaysFrom,
  weekLocale,
  weekOf,
} from '../../../../electron/domain/week/week-info';

describe('the week of a place', () => {
  it('is Sunday to Thursday in Riyadh and starts on Monday in Berlin', () => {
    expect(weekOf('ar-SA')).toEqual({
      firstDay: 'sun',
      workingDays: ['sun', 'mon', 'tue', 'wed', 'thu'],
    });
    expect(weekOf('de-DE')).toEqual(FALLBACK_WEEK);
    expect(weekOf('en-US').firstDay).toBe('sun');
  });

  it('is Monday first, Monday to Friday, where the engine has no week data', () => {
    expect(weekOf('ar-SA', () => undefined)).toEqual(FALLBACK_WEEK);
    expect(FALLBACK_WEEK).toEqual({
      firstDay: 'mon',
      workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
    });
  });

  it('falls back on week data it cannot read rather than trusting it', () => {
    expect(weekOf('ar-SA', () => ({ firstDay: 0, weekend: [5, 6] }))).toEqual(FALLBACK_WEEK);
    expect(weekOf('ar-SA', () => ({ firstDay: 7, weekend: [1, 2, 3, 4, 5, 6, 7] }))).toEqual(
      FALLBACK_WEEK,
    );
    expect(
      weekOf('ar-SA', () => {
        throw new TypeError('no week data');
      }),
    ).toEqual(FALLBACK_WEEK);
    expect(weekOf('not a tag!')).toEqual(FALLBACK_WEEK);
  });

  it('reads both forms engines give: getWeekInfo() and the older weekInfo getter', () => {
    const info = { firstDay: 6, weekend: [5, 6], minimalDays: 1 };
    const newer = { getWeekInfo: () => info } as unknown as Intl.Locale;
    const older = { weekInfo: info } as unknown as Intl.Locale;
    expect(intlWeekInfo(newer)).toBe(info);
    expect(intlWeekInfo(older)).toBe(info);
    expect(weekOf('ar-EG', () => info)).toEqual({
      firstDay: 'sat',
      workingDays: ['sun', 'mon', 'tue', 'wed', 'thu'],
    });
  });
});

describe('whose week applies', () => {
  it('is the region of the system, with the language in use', () => {
    expect(weekLocale('de', ['ar-SA', 'en-US'])).toBe('de-SA');
    expect(weekOf(weekLocale('de', ['ar-SA'])).firstDay).toBe('sun');
  });

  it('is the language alone (its likely region) when no system language names a region', () => {
    expect(weekLocale('de', ['de', 'en'])).toBe('de');
    expect(weekLocale('ar', [])).toBe('ar');
  });
});

describe('the days of a week', () => {
  it('run from its first day on, all seven', () => {
    expect(weekdaysFrom('mon')).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(weekdaysFrom('sun')).toEqual(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
  });
});
