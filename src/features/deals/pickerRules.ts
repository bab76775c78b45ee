// The deal picker's pure rules: what the line above the list says, and where a key moves the
// active deal.
import type { Translator } from '../../../electron/domain/i18n/translator';

/** What the count line is about. */
export interface CountLineInput {
  /** Deals in the list now (the search's results, the stage's deals). */
  shown: number;
  /** Deals the picker holds. */
  loaded: number;
  /** The query, trimmed ('' for none). */
  query: string;
  book: { truncated: boolean; total?: number };
  /** The search of every deal is under way. */
  restLoading: boolean;
  /** Of the `shown`, how many only the search of every deal found. */
  fromService?: number;
  /** A stage filter hides some of the loaded deals. */
  filtered?: boolean;
}

/**
 * What the line above the list says: how many, and whether the rest is being searched. Past the
 * loaded deals it says honestly where matches came from.
 */
export function countLine(input: CountLineInput, t: Translator['t']): string {
  const { shown, loaded, query, book, restLoading, fromService = 0, filtered = false } = input;
  const total = book.total;
  if (query === '' && filtered) return t('deals.picker.countOf', { shown, total: loaded });
  if (query === '') {
    if (!book.truncated) return t('deals.picker.count', { count: loaded });
    return total === undefined
      ? t('deals.picker.countFirst', { loaded })
      : t('deals.picker.countSome', { loaded, total });
  }
  if (!book.truncated) return t('deals.picker.countOf', { shown, total: loaded });
  if (restLoading) {
    return total === undefined
      ? t('deals.picker.searchingAllUnknown')
      : t('deals.picker.searchingAll', { total });
  }
  const count = shown - fromService;
  return fromService === 0
    ? t('deals.picker.matchesNoOthers', { count, loaded })
    : t('deals.picker.matchesAndMore', { count, loaded, more: fromService });
}

/** How far a page key moves. */
const PAGE = 8;

/**
 * Where a key moves the active deal among `count` (not yet clamped to the list), or undefined
 * for a key that does not move it. Home and End move nothing in an empty list (the search
 * field keeps them); the arrows and page keys are the picker's even then.
 */
export function pickerStep(key: string, current: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return current + 1;
    case 'ArrowUp':
      return current - 1;
    case 'PageDown':
      return current + PAGE;
    case 'PageUp':
      return current - PAGE;
    case 'Home':
      return count === 0 ? undefined : 0;
    case 'End':
      return count === 0 ? undefined : count - 1;
    default:
      return undefined;
  }
}
