// Every language's catalogue at once, for the Node side (core's errors, the shell's tray, menu
// and notifications): a few hundred kilobytes at most, read once. The renderer never imports
// this: it loads only the language in use (src/platform/i18n/catalogues.ts).
import type { Catalogue } from './messages';
import type { Language } from './languages';
import en from './locales/en';
import de from './locales/de';
import fr from './locales/fr';
import es from './locales/es';
import ptBR from './locales/pt-BR';
import ja from './locales/ja';
import zhCN from './locales/zh-CN';
import ar from './locales/ar';

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = {
  en,
  de,
  fr,
  es,
  'pt-BR': ptBR,
  ja,
  'zh-CN': zhCN,
  ar,
};
