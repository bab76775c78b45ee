// One language's words and formats for any side of the app: the renderer, core and the
// Electron shell each hold a Translator for the language in use. Messages are ICU MessageFormat
// (plurals, selects, dates and numbers inside sentences), formatted by FormatJS (docs/languages.md).
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { textDirection, type InterfaceLanguage } from './language-tags';
import type { Catalogue, MessageId } from './messages';

/** What a message's placeholders take: `{count, plural, …}` a number, `{name}` a string, `{at, date}` a Date. */
export type MessageValues = Readonly<Record<string, string | number | Date | null | undefined>>;

export interface Translator {
  readonly language: InterfaceLanguage;
  /** The tag for Intl formats: the language, with the person's region where it agrees (`de-AT`). */
  readonly locale: string;
  readonly direction: 'ltr' | 'rtl';
  /** The message in this language; a missing one (never shipped: tests check) reads in English. */
  t(id: MessageId, values?: MessageValues): string;
  /** FormatJS's formatters, already in this locale: dates, numbers, lists, relative times. */
  readonly intl: IntlShape;
}

export interface TranslatorOptions {
  language: InterfaceLanguage;
  messages: Catalogue;
  /** English, for a message a catalogue lacks; the same object when the language is English. */
  fallback: Catalogue;
  /** The region to format in, from the system or browser (`de-AT`, `en-GB`); ignored when its language differs. */
  regionalLocale?: string;
  onError?: (error: Error) => void;
}

const cache = createIntlCache();

export function createTranslator(options: TranslatorOptions): Translator {
  const { language, messages, fallback } = options;
  const locale = formattingLocale(language, options.regionalLocale);
  const intl = createIntl(
    {
      locale,
      defaultLocale: 'en',
      messages,
      onError: options.onError ?? (() => undefined),
    },
    cache,
  );
  return {
    language,
    locale,
    direction: textDirection(language),
    intl,
    t: (id, values) => {
      // Most messages are plain words ("Deals", "Refresh"): FormatJS would parse each into a
      // formatter of its own (with its locale resolved) only to give the same words back.
      const own = Object.hasOwn(messages, id) ? messages[id] : undefined;
      if (own !== undefined && isPlainText(own)) return own;
      return intl.formatMessage({ id, defaultMessage: fallback[id] }, values);
    },
  };
}

/**
 * Whether an ICU message is its own text: nothing ICU reads in it (no argument, tag or quote; `#`
 * means something only inside a plural). An empty message is not: FormatJS treats it as missing.
 */
export function isPlainText(message: string): boolean {
  return message !== '' && !/[{}<>']/.test(message);
}

/**
 * Formats follow the words: German words with Austrian dates when the system is `de-AT`, but
 * never English dates inside German words. The pseudo-language formats as English.
 */
export function formattingLocale(language: InterfaceLanguage, regional?: string): string {
  const base = language === 'en-XA' ? 'en' : language;
  if (regional === undefined) return base;
  const wanted = base.split('-')[0]?.toLowerCase();
  const offered = regional.split(/[-_]/)[0]?.toLowerCase();
  if (wanted !== offered) return base;
  try {
    return Intl.getCanonicalLocales(regional.replace(/_/g, '-'))[0] ?? base;
  } catch {
    return base;
  }
}
