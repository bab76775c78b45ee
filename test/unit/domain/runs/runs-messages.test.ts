// The answers' counted sentences, per language: each count takes its language's form (Arabic's
// six, French and Portuguese counting 0 apart from English), numbers as the language writes them.
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../../electron/domain/i18n/catalogues';
import type { Language } from '../../../../electron/domain/i18n/languages';
import { createTranslator } from '../../../../electron/domain/i18n/translator';

const tIn = (language: Language) =>
  createTranslator({ language, messages: CATALOGUES[language], fallback: CATALOGUES.en }).t;

describe('counted answers and events', () => {
  it('says how many were found, then how far the search reached', () => {
    const en = tIn('en');
    const reach = en('runs.search.reachAll', { count: 12 });
    expect(en('runs.search.found', { count: 1, reach })).toBe(
      '1 answer found. Searched all 12 answers.',
    );
    expect(en('runs.search.reachAll', { count: 1 })).toBe('Searched the only answer.');
    expect(en('runs.search.reachLatest', { count: 1000 })).toBe(
      'Searched the latest 1,000 answers; older ones were not searched.',
    );
  });

  it('takes every Arabic plural form', () => {
    const ar = tIn('ar');
    const found = (count: number) => ar('runs.search.found', { count, reach: '' }).trim();
    expect(found(1)).toBe('عُثر على إجابة واحدة.');
    expect(found(2)).toBe('عُثر على إجابتين.');
    // In the digits the runtime's Arabic uses (Latin in recent CLDR, Arabic-Indic before).
    const n = (count: number) => new Intl.NumberFormat('ar').format(count);
    expect(found(5)).toBe(`عُثر على ${n(5)} إجابات.`);
    expect(found(11)).toBe(`عُثر على ${n(11)} إجابة.`);
    expect(found(101)).toBe(`عُثر على ${n(101)} إجابة.`);
  });

  it('counts events in each language’s forms and digits', () => {
    expect(tIn('en')('runs.events.count', { count: 0 })).toBe('0 events');
    expect(tIn('fr')('runs.events.count', { count: 0 })).toBe('0 événement');
    expect(tIn('pt-BR')('runs.events.count', { count: 0 })).toBe('0 eventos');
    expect(tIn('de')('runs.events.count', { count: 1200 })).toBe('1.200 Ereignisse');
    expect(tIn('ja')('runs.events.count', { count: 3 })).toBe('3件のイベント');
  });
});
