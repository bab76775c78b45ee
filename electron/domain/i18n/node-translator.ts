// A translator for the Node side (core, the Electron shell, browser mode's host), which holds
// every catalogue at once (catalogues.ts); the pseudo-language is made from English on first use.
import { CATALOGUES } from './catalogues';
import type { InterfaceLanguage } from './language-tags';
import type { Catalogue } from './messages';
import { pseudoCatalogue } from './pseudo';
import { createTranslator, type Translator } from './translator';

let pseudo: Catalogue | undefined;

function catalogueOf(language: InterfaceLanguage): Catalogue {
  if (language !== 'en-XA') return CATALOGUES[language];
  pseudo ??= pseudoCatalogue(CATALOGUES.en);
  return pseudo;
}

export function nodeTranslator(language: InterfaceLanguage, regionalLocale?: string): Translator {
  return createTranslator({
    language,
    messages: catalogueOf(language),
    fallback: CATALOGUES.en,
    ...(regionalLocale === undefined ? {} : { regionalLocale }),
  });
}

let english: Translator | undefined;

/**
 * English, for words shown before any setting is read and for the `assistant` command. Made on
 * first use, not on import: FormatJS's set-up costs the command about 35 ms and some MiB even
 * when, as for `assistant status`, no sentence of core's is ever shown.
 */
export function englishWords(): Translator {
  english ??= nodeTranslator('en');
  return english;
}
