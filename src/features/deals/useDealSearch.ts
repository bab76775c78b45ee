// The picker's results for a query: the loaded deals' matches (ranked), then, when the picker
// holds only part of the deals, what a search of every deal found besides, once typing pauses.
import { useEffect, useMemo } from 'react';
import type { Deal } from '../../../electron/contract';
import type { Translator } from '../../../electron/domain/i18n/translator';
import { humanStage } from '../../lib/deals';
import { buildIndex, search } from '../../lib/search';
import type { FieldSpec } from '../../lib/search';
import { viewDeals } from '../../lib/dealList';
import { useTranslator } from '../../platform/i18n';
import { useDeals } from './store';

const SEARCH_REST_DELAY_MS = 300;

/** What a query is matched against: the name, the account, the stage as the list says it. */
function dealFields(t: Translator['t']): FieldSpec<Deal>[] {
  return [
    { get: (d) => d.title, weight: 3 },
    { get: (d) => d.account, weight: 2 },
    { get: (d) => humanStage(d.stage, t), weight: 1 },
  ];
}

export function useDealSearch(query: string) {
  const list = useDeals((s) => s.list);
  const book = useDeals((s) => s.book);
  const rest = useDeals((s) => s.rest);
  const searchRest = useDeals((s) => s.searchRest);
  const view = useDeals((s) => s.view);
  const { t, locale } = useTranslator();

  const index = useMemo(
    () => buildIndex(list.value ?? [], dealFields(t), locale),
    [list.value, t, locale],
  );
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
    if (found === undefined || found.length === 0) return viewDeals(local, view, searching, t);
    // The loaded deals' matches first (ranked), then what only the full search found.
    const seen = new Set(local.map((d) => d.id));
    return viewDeals([...local, ...found.filter((d) => !seen.has(d.id))], view, searching, t);
  }, [local, restForQuery, view, query, t]);
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
