// What each of the extension's pages (the side panel, the options page) does first: speak the
// browser's language as the renderer negotiates it, and follow its light or dark theme.
import { negotiateLanguage, textDirection } from '../../electron/domain/i18n/languages';
import { switchLanguage } from '../../src/platform/i18n';
import type { ChromeApi } from './chrome';

export function followTheme(): void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    document.documentElement.dataset.theme = media.matches ? 'dark' : 'light';
  };
  apply();
  media.addEventListener('change', apply);
}

export async function speakBrowserLanguage(chrome: ChromeApi): Promise<void> {
  const language = negotiateLanguage([chrome.i18n.getUILanguage(), ...navigator.languages]);
  await switchLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}
