// What `npm run screenshots -- …` asks for: languages (`de`, `ja`, `ar`, `en-XA`, … ; English by
// default) and looks (`1280x800-light`; every one by default), in any order; and how each walk
// starts the app in its language, the two ways a person would.
import type { InterfaceLanguage } from '../../../electron/domain/i18n/languages';
import type { AppOptions } from '../support/app';
import { isInterfaceLanguage } from './words';

export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
] as const;

export const THEMES = ['light', 'dark'] as const;

export interface Look {
  name: string;
  viewport: (typeof VIEWPORTS)[number];
  theme: (typeof THEMES)[number];
}

export const LOOKS: readonly Look[] = VIEWPORTS.flatMap((viewport) =>
  THEMES.map((theme) => ({
    name: `${viewport.width}x${viewport.height}-${theme}`,
    viewport,
    theme,
  })),
);

export interface TourRequest {
  languages: InterfaceLanguage[];
  looks: Look[];
}

export function parseArguments(args: readonly string[]): TourRequest {
  const languages: InterfaceLanguage[] = [];
  const looks: Look[] = [];
  for (const arg of args) {
    const look = LOOKS.find((candidate) => candidate.name === arg);
    if (look !== undefined) looks.push(look);
    else if (isInterfaceLanguage(arg)) languages.push(arg);
    else {
      throw new Error(
        `"${arg}" is neither a language (en, de, fr, es, pt-BR, ja, zh-CN, ar, en-XA) nor a look (${LOOKS.map((l) => l.name).join(', ')})`,
      );
    }
  }
  return {
    languages: languages.length > 0 ? languages : ['en'],
    looks: looks.length > 0 ? looks : [...LOOKS],
  };
}

/** A browser's language for each language, with the region a person there would have. */
const BROWSER_LOCALE: Readonly<Record<InterfaceLanguage, string>> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  'pt-BR': 'pt-BR',
  ja: 'ja-JP',
  'zh-CN': 'zh-CN',
  ar: 'ar',
  'en-XA': 'en-US',
};

export interface LanguageStart {
  /** How the walk's language was asked for, for the log. */
  how: 'browser' | 'settings' | 'default';
  /** The page's browser locale, when the walk sets one. */
  locale?: string;
  appOptions: AppOptions;
}

/**
 * The light looks follow the browser's language (the system's, as in Electron); the dark looks
 * start with the language chosen in Settings while the browser stays English. The pseudo-language
 * is no browser's, so Settings chooses it always. English starts as it always has.
 */
export function languageStart(language: InterfaceLanguage, look: Look): LanguageStart {
  // The scheduler on, for the inbox's quota warning (and whatever the time of day brings).
  const appOptions: AppOptions = { scheduler: true };
  if (language === 'en') return { how: 'default', appOptions };
  if (look.theme === 'light' && language !== 'en-XA') {
    return { how: 'browser', locale: BROWSER_LOCALE[language], appOptions };
  }
  return {
    how: 'settings',
    locale: BROWSER_LOCALE.en,
    appOptions: { ...appOptions, settings: { language } },
  };
}
