// Translators for tests of code that words things: English (what the tests read) and any other
// language, built as the app builds them.
import { CATALOGUES } from '../../../../electron/domain/i18n/catalogues';
import type { Language } from '../../../../electron/domain/i18n/languages';
import { createTranslator, type Translator } from '../../../../electron/domain/i18n/translator';

export function translatorFor(language: Language): Translator {
  return createTranslator({
    language,
    messages: CATALOGUES[language],
    fallback: CATALOGUES.en,
    onError: (error) => {
      throw error;
    },
  });
}

export const english = translatorFor('en');
/** English's `t`, for functions that take one. */
export const t = english.t;
