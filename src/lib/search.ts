// Search-as-you-type over a few text fields, accent- and case-insensitive, ranked so the item a
// person most likely means comes first: whole-field match, then start of the field, then start of
// a word, then anywhere, then a word one typo away; earlier (heavier) fields count more. Every
// query word must match.
//
// Text is folded once per item (when the index is built) and once per query, never per
// comparison, so matching stays plain string search. Folding follows the locale's case rules
// and what its readers count as the same letter: "Ångström" is "angstrom", "Straße" is
// "strasse", Turkish "İ"/"ı" are "i", full- and half-width forms are one, and katakana matches
// hiragana (the voicing marks stay: か and が differ). Ties sort by the locale's collation.

import { fold, foldText } from '../../electron/domain/text/fold';

export { fold };

const collators = new Map<string, Intl.Collator>();

/** The locale's collation, made once per locale (making one is far slower than comparing). */
function collator(locale: string | undefined): Intl.Collator {
  const key = locale ?? '';
  let found = collators.get(key);
  if (found === undefined) {
    found = new Intl.Collator(locale, { numeric: true });
    collators.set(key, found);
  }
  return found;
}

export function queryWords(query: string, locale?: string): string[] {
  const folded = fold(query, locale);
  return folded === '' ? [] : folded.split(' ');
}

export interface IndexedField {
  /** Folded text. */
  readonly text: string;
  readonly weight: number;
}

export interface IndexedItem<T> {
  readonly item: T;
  /** The locale the fields were folded in; the query is folded the same way. */
  readonly locale: string | undefined;
  readonly fields: readonly IndexedField[];
  /** The first field as written, for an alphabetical tie-break in the locale's collation. */
  readonly sortKey: string;
}

export interface FieldSpec<T> {
  get: (item: T) => string | undefined;
  weight: number;
}

/**
 * Folds every searchable field once, so each keystroke only compares strings. `locale`: the
 * interface's, for its case rules and collation.
 */
export function buildIndex<T>(
  items: readonly T[],
  fields: readonly FieldSpec<T>[],
  locale?: string,
): IndexedItem<T>[] {
  return items.map((item) => {
    const folded = fields.map((f) => ({ text: fold(f.get(item) ?? '', locale), weight: f.weight }));
    return { item, locale, fields: folded, sortKey: fields[0]?.get(item) ?? '' };
  });
}

const WHOLE = 1;
const FIELD_PREFIX = 0.8;
const WORD_PREFIX = 0.6;
const INSIDE = 0.3;
const ONE_TYPO = 0.15;
/** Shorter words match too many others at one edit ("deal" ~ "dual", "meal", "dell"). */
const MIN_TYPO_WORD = 4;
const WORD_SEPARATORS = /[\s\-_/.,:;()&+]+/;

/**
 * Whether `a` becomes `b` with at most one edit: a letter changed, added or dropped, or two
 * neighbours swapped ("mapel" for "maple"). Linear, for every item on every keystroke.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const diff = a.length - b.length;
  if (diff > 1 || diff < -1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (diff === 0) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return diff > 0 ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A word of the field, or its start as far as the query word goes, one typo from `word`. */
function typoScore(word: string, field: string): number {
  if (word.length < MIN_TYPO_WORD) return 0;
  for (const token of field.split(WORD_SEPARATORS)) {
    if (token.length + 1 < word.length) continue;
    // Typing is under way: compare with the token's start, a letter longer or shorter too.
    for (const length of [word.length - 1, word.length, word.length + 1]) {
      if (length <= token.length && withinOneEdit(word, token.slice(0, length))) return ONE_TYPO;
    }
  }
  return 0;
}

function wordScore(word: string, field: string): number {
  if (field === '') return 0;
  if (field === word) return WHOLE;
  if (field.startsWith(word)) return FIELD_PREFIX;
  const at = field.indexOf(word);
  if (at < 0) return typoScore(word, field);
  // A word start: after a space or punctuation, e.g. "acme" in "the acme-corp".
  let from = at;
  while (from >= 0) {
    const before = field[from - 1];
    if (before === undefined || /[\s\-_/.,:;()&+]/.test(before)) return WORD_PREFIX;
    from = field.indexOf(word, from + 1);
  }
  return INSIDE;
}

/** The item's score for the query words, or 0 when some word matches none of its fields. */
export function scoreItem(words: readonly string[], fields: readonly IndexedField[]): number {
  let total = 0;
  for (const word of words) {
    let best = 0;
    for (const field of fields) {
      const s = wordScore(word, field.text) * field.weight;
      if (s > best) best = s;
    }
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

/** Items matching every word, best first; with an empty query, all items in their own order. */
export function search<T>(index: readonly IndexedItem<T>[], query: string): T[] {
  const locale = index[0]?.locale;
  const words = queryWords(query, locale);
  if (words.length === 0) return index.map((entry) => entry.item);
  const compare = collator(locale).compare;
  const scored: { entry: IndexedItem<T>; score: number; order: number }[] = [];
  index.forEach((entry, order) => {
    const score = scoreItem(words, entry.fields);
    if (score > 0) scored.push({ entry, score, order });
  });
  scored.sort(
    (a, b) => b.score - a.score || compare(a.entry.sortKey, b.entry.sortKey) || a.order - b.order,
  );
  return scored.map((s) => s.entry.item);
}

/** Splits `text` into parts marking where the query words match, for highlighting. */
export function highlightParts(
  text: string,
  query: string,
  locale?: string,
): { text: string; match: boolean }[] {
  const words = queryWords(query, locale);
  if (words.length === 0 || text === '') return [{ text, match: false }];
  // Fold character by character so positions map back onto the original text.
  const chars = Array.from(text);
  let folded = '';
  const origin: number[] = [];
  chars.forEach((ch, i) => {
    const f = foldText(ch, locale).replace(/\s/g, ' ');
    for (let k = 0; k < f.length; k += 1) origin.push(i);
    folded += f;
  });
  const marks = new Array<boolean>(chars.length).fill(false);
  for (const word of words) {
    let at = folded.indexOf(word);
    while (at >= 0) {
      for (let k = at; k < at + word.length; k += 1) {
        const o = origin[k];
        if (o !== undefined) marks[o] = true;
      }
      at = folded.indexOf(word, at + word.length);
    }
  }
  const parts: { text: string; match: boolean }[] = [];
  chars.forEach((ch, i) => {
    const match = marks[i] === true;
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += ch;
    else parts.push({ text: ch, match });
  });
  return parts;
}
