import { describe, expect, it } from 'vitest';
import { countLine, pickerStep } from '../../../../../src/features/deals/pickerRules';

describe('the deal picker', () => {
  it('moves by one, by a page of eight, or to either end', () => {
    expect(pickerStep('ArrowDown', 3, 20)).toBe(4);
    expect(pickerStep('ArrowUp', 3, 20)).toBe(2);
    expect(pickerStep('PageDown', 3, 20)).toBe(11);
    expect(pickerStep('PageUp', 3, 20)).toBe(-5);
    expect(pickerStep('Home', 3, 20)).toBe(0);
    expect(pickerStep('End', 3, 20)).toBe(19);
  });

  it('leaves Home and End to the search field when nothing is listed, and other keys always', () => {
    expect(pickerStep('Home', 0, 0)).toBeUndefined();
    expect(pickerStep('End', 0, 0)).toBeUndefined();
    expect(pickerStep('ArrowDown', 0, 0)).toBe(1);
    expect(pickerStep('Enter', 0, 5)).toBeUndefined();
  });

  it('says how many deals it holds, and that a search goes through the rest', () => {
    expect(countLine(0, 40, '', { truncated: false }, false)).toBe('40 deals');
    expect(countLine(0, 500, '', { truncated: true, total: 1200 }, false)).toBe(
      'Showing 500 of 1,200 deals — type to search the rest',
    );
    expect(countLine(3, 40, 'acme', { truncated: false }, false)).toBe('3 of 40 deals');
    expect(countLine(0, 500, 'acme', { truncated: true }, true)).toBe('Searching all deals…');
    // Past the loaded deals, where the matches came from.
    expect(countLine(52, 2000, 'hekla', { truncated: true, total: 5000 }, false, 40)).toBe(
      'Showing 12 matches among the 2,000 deals loaded and 40 more from the service',
    );
    expect(countLine(1, 2000, 'hekla', { truncated: true, total: 5000 }, false, 0)).toBe(
      'Showing 1 match among the 2,000 deals loaded; the service found no others',
    );
  });
});
