import { describe, expect, it } from 'vitest';
import { countLine, pickerStep } from '../../../../../src/features/deals/pickerRules';
import type { CountLineInput } from '../../../../../src/features/deals/pickerRules';
import type { Language } from '../../../../../electron/domain/i18n/languages';
import { englishT, translatorFor } from '../../../../support/translators';

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
    const line = (input: CountLineInput) => countLine(input, englishT);
    const none = { query: '', restLoading: false };
    expect(line({ ...none, shown: 0, loaded: 40, book: { truncated: false } })).toBe('40 deals');
    expect(line({ ...none, shown: 0, loaded: 1, book: { truncated: false } })).toBe('1 deal');
    expect(line({ ...none, shown: 0, loaded: 500, book: { truncated: true, total: 1200 } })).toBe(
      'Showing 500 of 1,200 deals — type to search the rest',
    );
    expect(line({ ...none, shown: 0, loaded: 500, book: { truncated: true } })).toBe(
      'Showing the first 500 deals — type to search the rest',
    );
    expect(
      line({ ...none, shown: 7, loaded: 40, book: { truncated: false }, filtered: true }),
    ).toBe('7 of 40 deals');
    const acme = { query: 'acme', restLoading: false };
    expect(line({ ...acme, shown: 3, loaded: 40, book: { truncated: false } })).toBe(
      '3 of 40 deals',
    );
    expect(
      line({ ...acme, shown: 0, loaded: 500, book: { truncated: true }, restLoading: true }),
    ).toBe('Searching all deals…');
    const hekla = { query: 'hekla', restLoading: false, loaded: 2000 };
    const book = { truncated: true, total: 5000 };
    expect(line({ ...hekla, book, restLoading: true, shown: 0 })).toBe(
      'Searching all 5,000 deals…',
    );
    // Past the loaded deals, where the matches came from.
    expect(line({ ...hekla, book, shown: 52, fromService: 40 })).toBe(
      'Showing 12 matches among the 2,000 deals loaded and 40 more from the service',
    );
    expect(line({ ...hekla, book, shown: 1 })).toBe(
      'Showing 1 match among the 2,000 deals loaded; the service found no others',
    );
  });

  it('says it in the language in use, with its plural forms and number formats', () => {
    const input = { query: '', restLoading: false, shown: 0, book: { truncated: false } };
    const say = (language: Language, loaded: number) =>
      countLine({ ...input, loaded }, translatorFor(language).t);
    expect(say('de', 1)).toBe('1 Deal');
    expect(say('de', 1200)).toBe('1.200 Deals');
    expect(say('fr', 2)).toBe('2 affaires');
    expect(say('ja', 5)).toBe('5件の商談');
    expect(say('ar', 1)).toBe('صفقة واحدة');
    expect(say('ar', 2)).toBe('صفقتان');
    expect(say('ar', 5)).toMatch(/^\S+ صفقات$/);
    expect(say('ar', 21)).toMatch(/^\S+ صفقة$/);
  });
});
