import { describe, expect, it } from 'vitest';
import { parseClockTime } from '../../../../src/lib/clockTime';
import { englishT as t } from '../../../support/translators';

const time = (text: string) => parseClockTime(text, t);

describe('a typed time of day', () => {
  it('reads the ways people write a time as 24-hour HH:MM', () => {
    const cases: [string, string][] = [
      ['9:00', '09:00'],
      ['09:00', '09:00'],
      ['9am', '09:00'],
      ['9 am', '09:00'],
      ['9 a.m.', '09:00'],
      ['21:30', '21:30'],
      ['9.30', '09:30'],
      ['9 pm', '21:00'],
      ['9:30pm', '21:30'],
      ['9.30 PM', '21:30'],
      ['12am', '00:00'],
      ['12 pm', '12:00'],
      ['12:15am', '00:15'],
      ['0930', '09:30'],
      ['0', '00:00'],
      ['23:59', '23:59'],
      ['  8:05  ', '08:05'],
      ['8h30', '08:30'],
    ];
    for (const [typed, expected] of cases) expect(time(typed), typed).toEqual({ time: expected });
  });

  it('says what is wrong with anything else', () => {
    expect(time('')).toEqual({ error: 'Type a time. Type it like 9:00, 9am or 21:30.' });
    expect(time('morning')).toEqual({
      error: '“morning” is not a time. Type it like 9:00, 9am or 21:30.',
    });
    expect(time('25:00')).toEqual({
      error: 'There is no hour 25: a day’s hours go from 0 to 23.',
    });
    expect(time('9:75')).toEqual({
      error: 'Minutes go from 00 to 59. Type it like 9:00, 9am or 21:30.',
    });
    expect(time('13pm')).toEqual({ error: 'With am or pm, the hour goes from 1 to 12.' });
    expect(time('0am')).toEqual({ error: 'With am or pm, the hour goes from 1 to 12.' });
    expect(time('9:5')).toEqual({
      error: 'Write the minutes with two digits, as in 9:05. Type it like 9:00, 9am or 21:30.',
    });
    expect(time('9:00:00')).toHaveProperty('error');
    expect(time('-9')).toHaveProperty('error');
  });
});
