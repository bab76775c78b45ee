// Text folded as the app compares names and searches: the same folding for what is searched and
// what is typed. It follows the locale's case rules and what its readers count as the same
// letter: "Ångström" is "angstrom", "Straße" is "strasse", Turkish "İ"/"ı" are "i", full- and
// half-width forms are one, and katakana matches hiragana (the voicing marks stay: か and が
// differ). Shared by the renderer's search (src/lib/search.ts) and the deal a meeting's title
// names (../briefings/deal-in-title.ts), which core's automatic prep reads too.

/** Letters that neither decomposition nor lower-casing makes plain, as a reader would type them. */
const PLAIN: Readonly<Record<string, string>> = {
  ß: 'ss',
  ı: 'i',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ς: 'σ',
};
const NOT_PLAIN = /[ßıøæœłđðþς]/g;
/** Combining marks, but for the kana voicing marks, which tell words apart. */
const MARKS = /[^\P{M}\u3099\u309A]+/gu;
const KATAKANA = /[\u30A1-\u30F6]/g;
const KANA_OFFSET = 0x60;

/** Folds one piece of text: the same folding for the items and the query. */
export function foldText(text: string, locale: string | undefined): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLocaleLowerCase(locale)
    .replace(NOT_PLAIN, (ch) => PLAIN[ch] ?? ch)
    .replace(KATAKANA, (ch) => String.fromCharCode(ch.charCodeAt(0) - KANA_OFFSET));
}

/** Lower-case, without diacritics, with runs of whitespace collapsed. */
export function fold(text: string, locale?: string): string {
  return foldText(text, locale).replace(/\s+/g, ' ').trim();
}
