// The deal a meeting's title names, for a meeting briefing that names no deal id ("Café Müller
// pricing call" → the Café Müller deal). Conservative, since a wrong deal is worse than none:
// exactly one deal whose whole name appears in the title as whole words, compared as search
// compares (case and accents folded by the locale); two deals named, or one only as part of a
// word ("Müllerstraße"), link none.
import { fold } from '../text/fold';

export interface NamedDeal {
  id: string;
  title: string;
}

// Shorter names ("AB", "Go") appear by chance in titles; no deal is matched by them.
const MIN_NAME_LENGTH = 3;

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
// Scripts written without spaces: a name next to them is still a whole name.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** Whether the character joins a word with the name's edge character beside it. */
function joins(neighbour: string | undefined, edge: string | undefined): boolean {
  if (neighbour === undefined || edge === undefined) return false;
  if (!WORD_CHAR.test(neighbour) || !WORD_CHAR.test(edge)) return false;
  return !UNSPACED.test(neighbour) && !UNSPACED.test(edge);
}

/** Whether `name` (folded) appears in `title` (folded) as whole words at least once. */
function appearsWhole(title: string, name: string): boolean {
  const edges = [...name];
  for (let at = title.indexOf(name); at !== -1; at = title.indexOf(name, at + 1)) {
    const before = [...title.slice(0, at)].at(-1);
    const after = [...title.slice(at + name.length)][0];
    if (!joins(before, edges[0]) && !joins(after, edges.at(-1))) return true;
  }
  return false;
}

/** The one deal the title names; undefined when none does or more than one could be meant. */
export function dealNamedIn<D extends NamedDeal>(
  title: string | undefined,
  deals: readonly D[],
  locale?: string,
): D | undefined {
  if (title === undefined) return undefined;
  const folded = fold(title, locale);
  let found: D | undefined;
  for (const deal of deals) {
    const name = fold(deal.title, locale);
    if ([...name].length < MIN_NAME_LENGTH || !appearsWhole(folded, name)) continue;
    if (found !== undefined) return undefined;
    found = deal;
  }
  return found;
}
