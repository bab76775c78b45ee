// Translators for unit tests: the app's own catalogues, built as the renderer and core build
// them; a message a catalogue lacks or cannot format fails the test.
import { CATALOGUES } from '../../electron/domain/i18n/catalogues';
import type { Language } from '../../electron/domain/i18n/languages';
import { createTranslator, type Translator } from '../../electron/domain/i18n/translator';

/** The language's translator, with a region when the test pins one (`en-GB` dates in English). */
export function translatorFor(language: Language, regionalLocale?: string): Translator {
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

/** English words, as the tests that read English expect them. */
export const englishT: Translator['t'] = translatorFor('en').t;
