// The interface language: the setting, or with "system" the system's languages (the app's host
// reads them in Electron; in browser mode the browser's own decide). Applied before the first
// render where it can be, and again at once whenever the setting changes; the page's
// <html lang dir> follow the translator.
import {
  resolveLanguage,
  type InterfaceLanguage,
  type LanguageChoice,
} from '../../electron/domain/i18n/languages';
import { useSettings } from '../features/settings';
import { switchLanguage, useI18n } from '../platform/i18n';
import { systemLanguages } from '../platform/i18n/system-languages';
import { useHost } from '../platform/hostStore';

export function currentChoice(): LanguageChoice {
  return useSettings.getState().settings.value?.language ?? 'system';
}

export function resolvedLanguage(choice: LanguageChoice = currentChoice()): InterfaceLanguage {
  return resolveLanguage(choice, systemLanguages());
}

/** Switches to the language the settings and the system say; a failed load keeps the current one. */
export async function applyLanguage(): Promise<void> {
  try {
    await switchLanguage(resolvedLanguage());
  } catch {
    // A chunk that failed to load (an update replaced the files): the words stay as they are.
  }
}

function applyDocumentLanguage(language: string, direction: 'ltr' | 'rtl'): void {
  document.documentElement.lang = language;
  document.documentElement.dir = direction;
}

/** From now on: a change of the setting (or of the host's system languages) switches at once. */
export function startFollowingLanguage(): () => void {
  const { translator } = useI18n.getState();
  applyDocumentLanguage(translator.language, translator.direction);
  const stopI18n = useI18n.subscribe(({ translator: next }) =>
    applyDocumentLanguage(next.language, next.direction),
  );
  const stopSettings = useSettings.subscribe((state, previous) => {
    if (state.settings.value?.language !== previous.settings.value?.language) void applyLanguage();
  });
  const stopHost = useHost.subscribe((state, previous) => {
    // Before the settings are read the choice is unknown: the start-up read applies it then.
    if (state.appInfo !== previous.appInfo && useSettings.getState().settings.value !== undefined)
      void applyLanguage();
  });
  return () => {
    stopI18n();
    stopSettings();
    stopHost();
  };
}
