// The words of the language this page will most likely speak, fetched as the entry runs: the
// language the page last spoke (kept in this origin's storage), else the one the browser's
// languages choose. Without it a German start fetched its catalogue only once settings had
// answered and the app had resolved the language: one more round trip after the app's code.
// A wrong guess costs one small chunk; the app loads the right one as before.
import {
  LANGUAGES,
  negotiateLanguage,
  type InterfaceLanguage,
} from '../../../electron/domain/i18n/language-tags';
import type { Catalogue } from '../../../electron/domain/i18n/messages';

/** Each language's catalogue but English (which is in the first chunk): a chunk of its own. */
const others = import.meta.glob<{ default: Catalogue }>([
  '../../../electron/domain/i18n/locales/*/index.ts',
  '!../../../electron/domain/i18n/locales/en/index.ts',
]);

const HINT_KEY = 'assistant.language';

/** The catalogue chunk of a language other than English, loaded once however often asked. */
export function importCatalogue(language: string): Promise<{ default: Catalogue }> | undefined {
  return others[`../../../electron/domain/i18n/locales/${language}/index.ts`]?.();
}

/** Kept for the next start's guess; a page without storage (or with it refused) guesses anew. */
export function rememberLanguage(language: InterfaceLanguage): void {
  try {
    localStorage.setItem(HINT_KEY, language);
  } catch {
    // Storage refused or full: the next start guesses from the browser's languages.
  }
}

function rememberedLanguage(): string | undefined {
  try {
    const kept = localStorage.getItem(HINT_KEY);
    return kept !== null && (LANGUAGES as readonly string[]).includes(kept) ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Starts fetching the likely language's catalogue; nothing waits for it here. */
export function fetchLikelyCatalogue(): void {
  const language = rememberedLanguage() ?? negotiateLanguage(navigator.languages);
  if (language !== 'en') void importCatalogue(language)?.catch(() => undefined);
}
