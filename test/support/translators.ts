// A translator for tests, in any language, with the app's real catalogues (the Node side's), so a
// test reads the words a person would.
import { CATALOGUES } from '../../electron/domain/i18n/catalogues';
import type { Language } from '../../electron/domain/i18n/languages';
import { createTranslator, type Translator } from '../../electron/domain/i18n/translator';

export function translatorFor(language: Language = 'en', regionalLocale?: string): Translator {
  return createTranslator({
    language,
    messages: CATALOGUES[language],
    fallback: CATALOGUES.en,
    ...(regionalLocale === undefined ? {} : { regionalLocale }),
    onError: (error) => {
      throw error;
    },
  });
}
