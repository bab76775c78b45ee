// The picker's results for a query: the loaded deals' matches (ranked), then, when the picker
// holds only part of the deals, what a search of every deal found besides, once typing pauses.
import { useEffect, useMemo } from 'react';
import type { Deal } from '../../../electron/contract';
import { humanStage } from '../../lib/deals';
import { buildIndex, search } from '../../lib/search';
import { viewDeals } from '../../lib/dealList';
import { useDeals } from './store';

const SEARCH_REST_DELAY_MS = 300;

const DEAL_FIELDS = [
  { get: (d: Deal) => d.title, weight: 3 },
  { get: (d: Deal) => d.account, weight: 2 },
  { get: (d: Deal) => humanStage(d.stage), weight: 1 },
];

export function useDealSearch(query: string) {
  const list = useDeals((s) => s.list);
  const book = useDeals((s) => s.book);
  const rest = useDeals((s) => s.rest);
  const searchRest = useDeals((s) => s.searchRest);
  const view = useDeals((s) => s.view);

  const index = useMemo(() => buildIndex(list.value ?? [], DEAL_FIELDS), [list.value]);
  const local = useMemo(() => search(index, query), [index, query]);

  useEffect(() => {
    if (!book.truncated) return;
    const timer = setTimeout(() => void searchRest(query), SEARCH_REST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [book.truncated, query, searchRest]);
  const restForQuery =
    book.truncated && rest !== undefined && rest.query === query.trim() ? rest : undefined;
  const results = useMemo(() => {
    const found = restForQuery?.items;
    const searching = query.trim() !== '';
    if (found === undefined || found.length === 0) return viewDeals(local, view, searching);
    // The loaded deals' matches first (ranked), then what only the full search found.
    const seen = new Set(local.map((d) => d.id));
    return viewDeals([...local, ...found.filter((d) => !seen.has(d.id))], view, searching);
  }, [local, restForQuery, view, query]);
  const restLoading = book.truncated && query.trim() !== '' && (restForQuery?.loading ?? true);

  return {
    list,
    book,
    results,
    /** Of the results, how many only the search of every deal found. */
    fromService: results.length - local.length,
    restLoading,
    restError: restForQuery?.error,
    retryRest: () => void searchRest(query),
  };
}
