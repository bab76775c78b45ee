// The language core speaks and asks the service in: the setting, resolved against the system's
// preferred languages the host read. It follows the setting at once: listeners (the tray, the app
// menu) hear of each change, core's own sentences switch (words.ts), and the next request carries
// the new Accept-Language.
import { LanguageTag, MAX_SYSTEM_LANGUAGES } from '../../contract/app';
import { acceptLanguageHeader } from '../../domain/i18n/accept-language';
import { resolveLanguage, type LanguageChoice } from '../../domain/i18n/languages';
import { nodeTranslator } from '../../domain/i18n/node-translator';
import type { Translator } from '../../domain/i18n/translator';
import { weekLocale, weekOf, type Week } from '../../domain/week/week-info';
import { releaseCoreWords, setCoreWords } from './words';

export interface CoreLanguage {
  translator(): Translator;
  /** The header value every request to the service carries, e.g. `de, en;q=0.8`. */
  acceptLanguage(): string;
  /** The system's preferred languages, most preferred first, as the host read them. */
  readonly systemLanguages: readonly string[];
  /** The week of the user's place: the system's region, else the language's (week-info.ts). */
  week(): Week;
  /**
   * The languages of the person's own system as a page reports them (browser mode: its browser's
   * Accept-Language), so "system" means their browser's language, not the host's environment.
   */
  adoptSystemLanguages(tags: readonly unknown[]): void;
  /** Follows the setting; an unchanged choice changes nothing. */
  choose(choice: LanguageChoice): void;
  subscribe(listener: (translator: Translator) => void): () => void;
  /** Core's own sentences go back to English: the backend has stopped. */
  release(): void;
}

export function createCoreLanguage(options: {
  choice: LanguageChoice;
  /** As the host read them: anything that is not a language tag is left out. */
  systemLanguages: readonly unknown[];
}): CoreLanguage {
  let systemLanguages = validLanguageTags(options.systemLanguages);
  // Formats follow the system's region where it agrees with the language (de-AT dates in German).
  const build = (choice: LanguageChoice) =>
    nodeTranslator(resolveLanguage(choice, systemLanguages), systemLanguages[0]);
  let choice = options.choice;
  let translator = build(choice);
  const weekNow = () => weekOf(weekLocale(translator.language, systemLanguages));
  let week = weekNow();
  setCoreWords(translator);
  const listeners = new Set<(translator: Translator) => void>();
  const rebuild = () => {
    const previous = translator.language;
    translator = build(choice);
    week = weekNow();
    setCoreWords(translator);
    if (translator.language === previous) return;
    for (const listener of [...listeners]) listener(translator);
  };
  return {
    translator: () => translator,
    acceptLanguage: () => acceptLanguageHeader(translator.language),
    week: () => week,
    get systemLanguages() {
      return systemLanguages;
    },
    adoptSystemLanguages(tags) {
      const valid = validLanguageTags(tags);
      if (valid.length === 0 || valid.join() === systemLanguages.join()) return;
      systemLanguages = valid;
      rebuild();
    },
    choose(next) {
      if (next === choice) return;
      choice = next;
      rebuild();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    release() {
      releaseCoreWords(translator);
    },
  };
}

/** What the host read from the system, kept only where it is a language tag (`en_US` as `en-US`). */
export function validLanguageTags(tags: readonly unknown[]): string[] {
  return tags
    .flatMap((tag) => {
      const parsed = LanguageTag.safeParse(tag);
      return parsed.success ? [parsed.data.replace(/_/g, '-')] : [];
    })
    .slice(0, MAX_SYSTEM_LANGUAGES);
}

/** The languages of the process's own environment, for a host that cannot ask the system. */
export function environmentLanguages(): string[] {
  const fromEnv = [process.env.LC_ALL, process.env.LC_MESSAGES, process.env.LANG]
    .map((value) => value?.split('.')[0])
    .filter(
      (value): value is string => value !== undefined && /^[a-z]{2,3}(_[A-Z]{2})?$/.test(value),
    );
  return [...fromEnv, Intl.DateTimeFormat().resolvedOptions().locale];
}
