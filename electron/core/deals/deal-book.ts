// The deals behind the picker: a bounded number loaded (and cached) for search as you type, and
// past that bound a search of every deal, by the service when it filters (`search`, then `q`,
// told apart from a service that ignores the parameter by its answer) or else by going through
// every page here.
import type { Deal } from '../../contract';
import type { ApiClient } from '../api/client';
import type { Paging } from '../api/lists';
import { filterDeals, toDeal } from './records';

export const DEAL_PAGE_SIZE = 100;
/** Bounded: a picker of thousands of deals is not what this cache is for. */
export const MAX_DEAL_PAGES = 20;
/** A search answers with at most this many deals: enough to choose from, bounded to send. */
export const MAX_SEARCH_RESULTS = 200;
/** Going through the pages ourselves stops here (half a million deals). */
const MAX_SCAN_PAGES = 5_000;

/** What is cached under `deals`. */
export interface LoadedDeals {
  items: Deal[];
  /** The service has more than `items`. */
  truncated: boolean;
  /** How many the service has, when it says. */
  total?: number;
}

export interface DealSearchResult {
  items: Deal[];
  searchedBy: 'service' | 'local';
  total?: number;
}

type SearchParam = 'search' | 'q';

function moreAfter(paging: Paging, received: number): boolean {
  return paging.hasMore ?? received >= DEAL_PAGE_SIZE;
}

export async function loadDeals(api: ApiClient, signal: AbortSignal): Promise<LoadedDeals> {
  const items: Deal[] = [];
  let offset = 0;
  let total: number | undefined;
  for (let page = 0; page < MAX_DEAL_PAGES; page += 1) {
    const answer = await api.listDeals({ limit: DEAL_PAGE_SIZE, offset }, { signal });
    const received = answer.data.items;
    items.push(...received.map(toDeal));
    total = answer.data.paging.total ?? total;
    if (!moreAfter(answer.data.paging, received.length) || received.length === 0) {
      return { items, truncated: false, ...(total === undefined ? {} : { total }) };
    }
    offset = answer.data.paging.nextOffset ?? offset + received.length;
  }
  return {
    items,
    truncated: total === undefined || total > items.length,
    ...(total === undefined ? {} : { total }),
  };
}

export interface DealSearch {
  search(loaded: LoadedDeals, text: string, signal: AbortSignal): Promise<DealSearchResult>;
  /** Another list was loaded (maybe another service): find out again how it searches. */
  forget(): void;
}

export function createDealSearch(api: ApiClient): DealSearch {
  /** How this service searches, once its answers told us: a parameter, or not at all. */
  let known: SearchParam | 'none' | undefined;

  /**
   * The service's own search by `param`, or undefined when the answer shows it ignored it. A
   * service matches several words as one phrase ("geothermal hekla" misses "Hekla – geothermal"),
   * so it is asked for the longest word and its matches are checked for every word here: words
   * in any order find the same deals.
   */
  const byService = async (
    param: SearchParam,
    loaded: LoadedDeals,
    text: string,
    signal: AbortSignal,
  ): Promise<DealSearchResult | undefined> => {
    const words = text.trim().split(/\s+/).filter(Boolean);
    const asked = words.reduce((a, b) => (b.length > a.length ? b : a), '');
    const matching = (deals: Deal[]) => (words.length > 1 ? filterDeals(deals, text) : deals);
    const first = await api.listDeals(
      { [param]: asked, limit: DEAL_PAGE_SIZE, offset: 0 },
      { signal },
    );
    const { paging } = first.data;
    const firstItems = first.data.items.map(toDeal);
    const unfiltered = loaded.items.slice(0, firstItems.length);
    const filtered =
      paging.total !== undefined && loaded.total !== undefined
        ? paging.total < loaded.total
        : firstItems.length < DEAL_PAGE_SIZE ||
          firstItems.some((deal, i) => deal.id !== unfiltered[i]?.id);
    if (!filtered) return undefined;
    const items = matching(firstItems);
    let offset = paging.nextOffset ?? firstItems.length;
    let more = moreAfter(paging, firstItems.length) && firstItems.length > 0;
    for (let page = 1; more && items.length < MAX_SEARCH_RESULTS && page < MAX_SCAN_PAGES; page++) {
      const answer = await api.listDeals(
        { [param]: asked, limit: DEAL_PAGE_SIZE, offset },
        { signal },
      );
      items.push(...matching(answer.data.items.map(toDeal)));
      more =
        moreAfter(answer.data.paging, answer.data.items.length) && answer.data.items.length > 0;
      offset = answer.data.paging.nextOffset ?? offset + answer.data.items.length;
    }
    // The service's count is of the word asked; with more words, only what was checked counts.
    const total = words.length > 1 ? undefined : paging.total;
    return {
      items: items.slice(0, MAX_SEARCH_RESULTS),
      searchedBy: 'service',
      ...(total === undefined ? {} : { total }),
    };
  };

  /** Every page, filtered here: the loaded ones first, then the rest. */
  const byScan = async (
    loaded: LoadedDeals,
    text: string,
    signal: AbortSignal,
  ): Promise<DealSearchResult> => {
    const items = filterDeals(loaded.items, text);
    let offset = loaded.items.length;
    for (let page = 0; page < MAX_SCAN_PAGES && items.length < MAX_SEARCH_RESULTS; page += 1) {
      const answer = await api.listDeals({ limit: DEAL_PAGE_SIZE, offset }, { signal });
      const received = answer.data.items;
      items.push(...filterDeals(received.map(toDeal), text));
      if (!moreAfter(answer.data.paging, received.length) || received.length === 0) break;
      offset = answer.data.paging.nextOffset ?? offset + received.length;
    }
    return { items: items.slice(0, MAX_SEARCH_RESULTS), searchedBy: 'local' };
  };

  return {
    async search(loaded, text, signal) {
      const params: SearchParam[] =
        known === 'none' ? [] : known !== undefined ? [known] : ['search', 'q'];
      for (const param of params) {
        const found = await byService(param, loaded, text, signal);
        if (found) {
          known = param;
          return found;
        }
      }
      if (known === undefined) known = 'none';
      return byScan(loaded, text, signal);
    },
    forget() {
      known = undefined;
    },
  };
}
