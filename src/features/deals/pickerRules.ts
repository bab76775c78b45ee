// The deal picker's pure rules: what the line above the list says, and where a key moves the
// active deal.
import { formatNumber } from '../../lib/format';

const matches = (n: number) => `${formatNumber(n)} ${n === 1 ? 'match' : 'matches'}`;

/**
 * What the line above the list says: how many, and whether the rest is being searched. Past the
 * loaded deals it says honestly where matches came from: `fromService` of the `shown` were found
 * only by the search of every deal.
 */
export function countLine(
  shown: number,
  loaded: number,
  query: string,
  book: { truncated: boolean; total?: number },
  restLoading: boolean,
  fromService = 0,
  /** A stage filter hides some of the loaded deals. */
  filtered = false,
): string {
  const all = book.total === undefined ? undefined : formatNumber(book.total);
  if (query === '' && filtered) return `${formatNumber(shown)} of ${formatNumber(loaded)} deals`;
  if (query === '') {
    if (!book.truncated) return `${formatNumber(loaded)} deals`;
    return all === undefined
      ? `Showing the first ${formatNumber(loaded)} deals — type to search the rest`
      : `Showing ${formatNumber(loaded)} of ${all} deals — type to search the rest`;
  }
  if (!book.truncated) return `${formatNumber(shown)} of ${formatNumber(loaded)} deals`;
  if (restLoading) return `Searching all ${all ?? ''} deals…`.replace('  ', ' ');
  const among = `Showing ${matches(shown - fromService)} among the ${formatNumber(loaded)} deals loaded`;
  return fromService === 0
    ? `${among}; the service found no others`
    : `${among} and ${formatNumber(fromService)} more from the service`;
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
