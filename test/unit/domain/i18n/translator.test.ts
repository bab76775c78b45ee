// The translator gives plain messages back as they are written, without FormatJS: for every
// message of every language that must read exactly as FormatJS would format it, and a message a
// catalogue lacks still reads in English and is reported.
import { createIntl, createIntlCache, MissingTranslationError } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../../electron/domain/i18n/catalogues';
import { LANGUAGES } from '../../../../electron/domain/i18n/languages';
import type { Catalogue, MessageId } from '../../../../electron/domain/i18n/messages';
import { createTranslator, isPlainText } from '../../../../electron/domain/i18n/translator';

describe('plain messages', () => {
  it('are the ones ICU reads nothing in', () => {
    expect(isPlainText('Refresh morning briefing')).toBe(true);
    expect(isPlainText('Deals #1')).toBe(true);
    expect(isPlainText('{count} left')).toBe(false);
    expect(isPlainText('Read <b>this</b>')).toBe(false);
    // An apostrophe can quote ICU syntax ('{'): FormatJS reads it.
    expect(isPlainText('Don’t miss it')).toBe(true);
    expect(isPlainText("Don't miss it")).toBe(false);
    expect(isPlainText('')).toBe(false);
  });

  for (const language of LANGUAGES) {
    it(`read in ${language} exactly as FormatJS formats them`, () => {
      const messages = CATALOGUES[language];
      const t = createTranslator({ language, messages, fallback: CATALOGUES.en }).t;
      const intl = createIntl({ locale: language, messages }, createIntlCache());
      const plain = (Object.keys(messages) as MessageId[]).filter((id) =>
        isPlainText(messages[id]),
      );
      expect(plain.length).toBeGreaterThan(100);
      for (const id of plain) expect(t(id), id).toBe(intl.formatMessage({ id }));
    });
  }
});

describe('a message the catalogue lacks', () => {
  it('reads in English and is reported', () => {
    const id = 'common.date.unknown' as MessageId;
    expect(CATALOGUES.en[id]).toBeDefined();
    const { [id]: _missing, ...rest } = CATALOGUES.de;
    const errors: Error[] = [];
    const t = createTranslator({
      language: 'de',
      messages: rest as Catalogue,
      fallback: CATALOGUES.en,
      onError: (error) => errors.push(error),
    }).t;
    expect(t(id)).toBe(CATALOGUES.en[id]);
    expect(errors.some((error) => error instanceof MissingTranslationError)).toBe(true);
  });
});
