// A sentence with a deal's or agent's name inside: the words in the interface language, each name
// apart, to be isolated, where the language puts it.
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../../../electron/domain/i18n/catalogues';
import type { Language } from '../../../../../electron/domain/i18n/languages';
import { createTranslator } from '../../../../../electron/domain/i18n/translator';
import { messageParts } from '../../../../../src/features/runs/messageParts';

const tIn = (language: Language) =>
  createTranslator({ language, messages: CATALOGUES[language], fallback: CATALOGUES.en }).t;

describe('messageParts', () => {
  it('places each name where the language puts it, apart from the words', () => {
    const deal = { deal: 'Acme GmbH' };
    expect(messageParts(tIn('en'), 'runs.filters.deal', deal)).toEqual([
      'Deal: ',
      { value: 'Acme GmbH' },
    ]);
    expect(messageParts(tIn('ar'), 'runs.filters.deal', deal)).toEqual([
      'الصفقة: ',
      { value: 'Acme GmbH' },
    ]);
    expect(messageParts(tIn('ja'), 'runs.table.runOf', { agent: 'Deal coach' })).toEqual([
      { value: 'Deal coach' },
      ' の回答',
    ]);
  });

  it('keeps a name as it is, even one that looks like a placeholder', () => {
    expect(messageParts(tIn('de'), 'runs.filters.deal', { deal: '{deal} ← 1' })).toEqual([
      'Deal: ',
      { value: '{deal} ← 1' },
    ]);
  });
});
