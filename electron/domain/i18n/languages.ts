// The interface languages the app speaks, how a person's preferred languages choose one, and
// which way each one is written. Pure: the renderer, core and the Electron shell read it alike.
// The languages and their negotiation are in ./language-tags (no zod: the page's entry reads them).
import { z } from '../../contract/zod';
import {
  LANGUAGES,
  PSEUDO_LANGUAGE,
  negotiateLanguage,
  type InterfaceLanguage,
} from './language-tags';

export {
  LANGUAGES,
  LANGUAGE_NAMES,
  PSEUDO_LANGUAGE,
  isLanguage,
  negotiateLanguage,
  textDirection,
  type InterfaceLanguage,
  type Language,
} from './language-tags';

/** What Settings stores: a language, or "follow the system" (the browser's in browser mode). */
export const languageChoiceSchema = z.enum(['system', ...LANGUAGES, PSEUDO_LANGUAGE]);
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;

/** What the app asks in, when the choice is "system": the system's (or browser's) languages. */
export function resolveLanguage(
  choice: LanguageChoice,
  systemLanguages: readonly string[],
): InterfaceLanguage {
  return choice === 'system' ? negotiateLanguage(systemLanguages) : choice;
}
