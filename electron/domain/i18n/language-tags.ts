// The interface languages the app speaks and how a person's preferred languages choose one, with
// no schema library: the page's entry reads it to fetch the likely language's words at once
// (src/platform/i18n/early-catalogue.ts), before zod and the app are loaded. ./languages adds
// what Settings stores.
/** The languages with a full translation; English is the source every other one is checked against. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'zh-CN', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Accented and 40 % longer English, generated from the English messages: it shows in development
 * and in the screenshot tour which words were never translated and which boxes are too tight.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type InterfaceLanguage = Language | typeof PSEUDO_LANGUAGE;

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
