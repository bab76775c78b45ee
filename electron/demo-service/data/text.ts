// Text helpers shared by the data generators: accent-insensitive folding for search, token
// splitting for runs, and dates.

/** Lower-case without diacritics, so "zurich" finds "Zürich" and "sao" finds "São". */
export function fold(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase();
}

/** Splits text into pieces the size of model tokens (a word or up to six characters, with the
 * whitespace before it); the pieces always join back to the exact text. */
export function tokenize(text: string): string[] {
  const tokens: string[] = Array.from(text.match(/\s*\S{1,6}/gu) ?? []);
  const covered = tokens.reduce((n, t) => n + t.length, 0);
  if (covered < text.length) tokens.push(text.slice(covered));
  return tokens;
}

export function countTokens(text: string): number {
  return tokenize(text).length;
}

export const DAY_MS = 86_400_000;

/** Midnight UTC of the day `now` is in. */
export function startOfDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
