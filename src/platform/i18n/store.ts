// The language in use, for every screen: components read words with useT() and formats with
// useTranslator(); changing the language swaps the translator, and everything that read it
// renders again in the new language, without a restart.
import { create } from 'zustand';
import type { InterfaceLanguage } from '../../../electron/domain/i18n/languages';
import type { Catalogue } from '../../../electron/domain/i18n/messages';
import { createTranslator, type Translator } from '../../../electron/domain/i18n/translator';
import { ENGLISH, loadCatalogue } from './catalogues';
import { rememberLanguage } from './early-catalogue';

interface I18nState {
  translator: Translator;
}

/** A language's translator, formatting with the browser's region where it agrees (`de-AT`). */
function translatorFor(language: InterfaceLanguage, messages: Catalogue): Translator {
  return createTranslator({
    language,
    messages,
    fallback: ENGLISH,
    regionalLocale: typeof navigator === 'undefined' ? undefined : navigator.language,
  });
}

export const useI18n = create<I18nState>(() => ({ translator: translatorFor('en', ENGLISH) }));

/** `t('deals.list.empty')`: the words in the language in use. */
export function useT(): Translator['t'] {
  return useI18n((state) => state.translator.t);
}

/** The whole translator: its locale for Intl formats, its direction, FormatJS's formatters. */
export function useTranslator(): Translator {
  return useI18n((state) => state.translator);
}

/** Outside React (stores, event handlers): the translator in use now. */
export function currentTranslator(): Translator {
  return useI18n.getState().translator;
}

/** The language asked for last: a slower load of an earlier choice must not win over it. */
let wanted: InterfaceLanguage | undefined;

/** Loads the language's catalogue (a chunk of its own) and switches every screen to it. */
export async function switchLanguage(language: InterfaceLanguage): Promise<void> {
  wanted = language;
  rememberLanguage(language);
  if (language === useI18n.getState().translator.language) return;
  const messages = await loadCatalogue(language);
  // Chosen again meanwhile (a quick second choice whose chunk came first): the later one wins.
  if (wanted !== language) return;
  useI18n.setState({ translator: translatorFor(language, messages) });
}
