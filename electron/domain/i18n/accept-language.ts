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

/**
 * A browser's Accept-Language header as its languages, most preferred first (`de-AT,de;q=0.9,
 * en;q=0.5` → de-AT, de, en); `*`, malformed parts and q=0 are left out, at most `limit` kept.
 */
export function languagesFromHeader(header: string | undefined, limit = 8): string[] {
  if (header === undefined) return [];
  return header
    .split(',')
    .slice(0, 32)
    .flatMap((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      const weight = q === undefined ? 1 : Number(q);
      if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag.trim()) || weight <= 0) return [];
      return [{ tag: tag.trim(), weight, order }];
    })
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .slice(0, limit)
    .map(({ tag }) => tag);
}
