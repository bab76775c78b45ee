import { describe, expect, it } from 'vitest';
import { dealNamedIn } from '../../../../electron/domain/briefings/deal-in-title';

const deal = (id: string, title: string) => ({ id, title });
const cafe = deal('d1', 'Café Müller');
const harbour = deal('d2', 'Harbour Logistics – Fleet renewal');
const deals = [cafe, harbour, deal('d3', 'Nordlicht GmbH'), deal('d4', 'AB')];

describe('dealNamedIn: the deal a meeting’s title names', () => {
  it('finds the one deal whose whole name is in the title', () => {
    expect(dealNamedIn('Café Müller pricing call', deals)).toBe(cafe);
    expect(dealNamedIn('Pricing call: Harbour Logistics – Fleet renewal', deals)).toBe(harbour);
  });

  it('ignores case and accents, by the locale', () => {
    expect(dealNamedIn('cafe muller pricing call', deals, 'en')).toBe(cafe);
    expect(dealNamedIn('CAFÉ MÜLLER – Preisgespräch', deals, 'de')).toBe(cafe);
    // Turkish dotted capital İ folds to i in Turkish.
    const istanbul = deal('d5', 'istanbul depo');
    expect(dealNamedIn('İSTANBUL DEPO review', [istanbul], 'tr')).toBe(istanbul);
  });

  it('never matches part of a word', () => {
    expect(dealNamedIn('Café Müllerstraße tour', deals)).toBeUndefined();
    expect(dealNamedIn('BigCafé Müller call', deals)).toBeUndefined();
    expect(dealNamedIn('Nordlicht GmbHs call', deals)).toBeUndefined();
  });

  it('links none when the title names two deals, or the name is too short to mean one', () => {
    expect(dealNamedIn('Café Müller and Nordlicht GmbH joint call', deals)).toBeUndefined();
    const twins = [cafe, deal('d9', 'Cafe Muller')];
    expect(dealNamedIn('Café Müller pricing call', twins)).toBeUndefined();
    expect(dealNamedIn('AB testing review', deals)).toBeUndefined();
    expect(dealNamedIn(undefined, deals)).toBeUndefined();
    expect(dealNamedIn('Weekly pipeline review', deals)).toBeUndefined();
  });

  it('takes a name beside text written without spaces as whole', () => {
    const tokyo = deal('d6', '東京ピアノ');
    expect(dealNamedIn('東京ピアノ様との価格交渉', [tokyo], 'ja')).toBe(tokyo);
    const latin = deal('d7', 'Acme');
    expect(dealNamedIn('Acme様 定例', [latin], 'ja')).toBe(latin);
  });
});
