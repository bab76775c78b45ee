// The tour's words: it finds buttons, links and regions by their names in the language on screen,
// looked up in the app's own catalogues by message id, so one walk serves every language and a
// reworded message needs no change here.
import { CATALOGUES } from '../../../electron/domain/i18n/catalogues';
import {
  isLanguage,
  PSEUDO_LANGUAGE,
  type InterfaceLanguage,
} from '../../../electron/domain/i18n/languages';
import { pseudoCatalogue } from '../../../electron/domain/i18n/pseudo';
import { createTranslator, type Translator } from '../../../electron/domain/i18n/translator';

/** The language's translator, as the renderer builds it; a message that cannot be formatted stops the tour. */
export function tourTranslator(language: InterfaceLanguage): Translator {
  const messages =
    language === PSEUDO_LANGUAGE ? pseudoCatalogue(CATALOGUES.en) : CATALOGUES[language];
  return createTranslator({
    language,
    messages,
    fallback: CATALOGUES.en,
    onError: (error) => {
      throw error;
    },
  });
}

export function isInterfaceLanguage(value: string): value is InterfaceLanguage {
  return value === PSEUDO_LANGUAGE || isLanguage(value);
}

/** A pattern that matches `text` literally (names carry brackets, dots and question marks). */
export function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches a name that starts with `text`, as a plural or a count may follow it. */
export function startingWith(text: string): RegExp {
  return new RegExp(`^${literally(text)}`);
}

/** Matches a name that is any one of `texts`, whole. */
export function oneOf(texts: readonly string[]): RegExp {
  return new RegExp(`^(${texts.map(literally).join('|')})$`);
}

// A character no message uses, standing in for a placeholder's value.
const ANY = '\uE000';

/**
 * Matches a message whose one string placeholder (`{title}`) holds anything: "Dismiss: {title}"
 * is "Schließen: {title}" in German and "閉じる：{title}" in Japanese, the value where each puts it.
 */
export function withAnyValue(format: (value: string) => string): RegExp {
  const parts = format(ANY).split(ANY).map(literally);
  return new RegExp(`^${parts.join('.*')}$`, 's');
}
