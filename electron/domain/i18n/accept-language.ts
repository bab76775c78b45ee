// The Accept-Language header for the language in use: it first, then its base language where it
// has a region, then English, so a service that localises answers in German answers in German
// and one that does not still answers in English.
import type { InterfaceLanguage } from './languages';

export function acceptLanguageHeader(language: InterfaceLanguage): string {
  // The pseudo-language is English as far as the service is concerned.
  if (language === 'en' || language === 'en-XA') return 'en';
  const base = language.split('-')[0] ?? language;
  if (base === language) return `${language}, en;q=0.8`;
  return `${language}, ${base};q=0.9, en;q=0.8`;
}
