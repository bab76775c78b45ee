// The interface languages the app speaks, how a person's preferred languages choose one, and
// which way each one is written. Pure: the renderer, core and the Electron shell read it alike.
import { z } from '../../contract/zod';

/** The languages with a full translation; English is the source every other one is checked against. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'zh-CN', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Accented and 40 % longer English, generated from the English messages: it shows in development
 * and in the screenshot tour which words were never translated and which boxes are too tight.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type InterfaceLanguage = Language | typeof PSEUDO_LANGUAGE;

/** What Settings stores: a language, or "follow the system" (the browser's in browser mode). */
export const languageChoiceSchema = z.enum(['system', ...LANGUAGES, PSEUDO_LANGUAGE]);
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;

/** Each language by its own name, as a language picker shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  'zh-CN': '简体中文',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

export function textDirection(language: InterfaceLanguage): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
}

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of a person's preferred languages (BCP 47 tags, most preferred first) that the app
 * speaks: an exact tag first, then its language alone (`de-AT` → German, `pt-PT` → Portuguese
 * (Brazil), `zh-Hans-SG` → Simplified Chinese; `zh-TW` and `zh-Hant` are not Simplified), else English.
 */
export function negotiateLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const found = matchLanguage(tag);
    if (found !== undefined) return found;
  }
  return 'en';
}

function matchLanguage(tag: string): Language | undefined {
  const lower = tag.trim().toLowerCase();
  const exact = LANGUAGES.find((language) => language.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  const [base, ...rest] = lower.split(/[-_]/);
  if (base === 'zh') {
    const traditional = rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part));
    return traditional ? undefined : 'zh-CN';
  }
  if (base === 'pt') return 'pt-BR';
  return LANGUAGES.find((language) => language === base);
}

/** What the app asks in, when the choice is "system": the system's (or browser's) languages. */
export function resolveLanguage(
  choice: LanguageChoice,
  systemLanguages: readonly string[],
): InterfaceLanguage {
  return choice === 'system' ? negotiateLanguage(systemLanguages) : choice;
}
