// Deal titles by id, for screens that name a deal they only know by id (the runs history).
import { useMemo } from 'react';
import { useDeals } from './store';

/** Every loaded deal's title by its id: up to 2,000 deals, looked up, not searched row by row. */
export function useDealTitles(): ReadonlyMap<string, string> {
  const deals = useDeals((s) => s.list.value);
  return useMemo(() => new Map((deals ?? []).map((d) => [d.id, d.title])), [deals]);
}
