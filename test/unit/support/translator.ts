// A translator for unit tests of functions that take one: any language's real catalogue, with a
// region when the test pins one (`en-GB` dates in English words).
import { CATALOGUES } from '../../../electron/domain/i18n/catalogues';
import type { Language } from '../../../electron/domain/i18n/languages';
import { createTranslator, type Translator } from '../../../electron/domain/i18n/translator';

export function translatorFor(language: Language, regionalLocale?: string): Translator {
  return createTranslator({
    language,
    messages: CATALOGUES[language],
    fallback: CATALOGUES.en,
    ...(regionalLocale === undefined ? {} : { regionalLocale }),
  });
}
