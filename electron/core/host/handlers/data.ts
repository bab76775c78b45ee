// The screens' reads. Each is served from the cache at once and refreshed in the background
// (or, with `refresh`, waits for the service), so the app opens offline with what it last saw.
import { z } from 'zod';
import { Agent, Briefing, Deal, type JsonValue, ServiceMetadata } from '../../../contract';
import type { ApiClient } from '../../api/client';
import type { ResourceRecord } from '../../api/lists';
import type { CachedReader } from '../../cache';
import type { RunQuotaGuard } from '../../usage';
import type { Handlers } from '../dispatcher';
import { createDealSearch, loadDeals, type LoadedDeals } from '../../deals/deal-book';
import { toDisplayRecord, toMetadata } from '../../api/contract-records';
import { findDealByCrmRecord } from '../../deals/by-record';
import { filterDeals, toDeal } from '../../deals/records';

const CachedDealBook = z.object({
  items: Deal.array(),
  truncated: z.boolean(),
  total: z.number().int().nonnegative().optional(),
});

export type DataRequest =
  | 'service.metadata'
  | 'agents.list'
  | 'deals.list'
  | 'deals.get'
  | 'deals.findByCrmRecord'
  | 'briefings.morning'
  | 'briefings.meeting'
  | 'usage.summary';

export interface DataHandlerOptions {
  reader: CachedReader;
  api: ApiClient;
  /** Told every usage answer, so starting a run knows the quota without asking again. */
  quota: Pick<RunQuotaGuard, 'update'>;
  /** The user's locale now, for comparing a tab's deal name with the deals' (Intl's default without). */
  locale?: () => string;
}

/** A cached value is served only while it still fits the contract: an older version may have written it. */
const acceptWith =
  <T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }) =>
  (value: JsonValue) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as T & JsonValue) : undefined;
  };

export function createDataHandlers(options: DataHandlerOptions): Pick<Handlers, DataRequest> {
  const { reader, api, quota } = options;

  const dealSearch = createDealSearch(api);
  const fetchDeals = async (signal: AbortSignal): Promise<LoadedDeals & JsonValue> => {
    dealSearch.forget();
    return (await loadDeals(api, signal)) as LoadedDeals & JsonValue;
  };

  const briefing =
    (fetchIt: (signal: AbortSignal) => Promise<{ data: ResourceRecord }>) =>
    async (signal: AbortSignal) =>
      toDisplayRecord((await fetchIt(signal)).data);
  /** Either briefing, through the cache under its request's name. */
  const readBriefing = (
    key: 'briefings.morning' | 'briefings.meeting',
    refresh: boolean | undefined,
    fetchIt: (signal: AbortSignal) => Promise<{ data: ResourceRecord }>,
  ) =>
    reader.read({
      key,
      refresh: refresh ?? false,
      fetch: briefing(fetchIt),
      accept: acceptWith(Briefing),
    });

  const listDeals = async ({ refresh, search }: { refresh?: boolean; search?: string }) => {
    const { value: book, ...cached } = await reader.read({
      key: 'deals',
      refresh: refresh ?? false,
      fetch: fetchDeals,
      accept: acceptWith(CachedDealBook),
    });
    const counts = {
      ...(book.truncated ? { truncated: true } : {}),
      ...(book.truncated && book.total !== undefined ? { total: book.total } : {}),
    };
    const text = search?.trim() ?? '';
    if (text === '') return { ...cached, value: book.items, ...counts };
    if (!book.truncated) {
      return { ...cached, value: filterDeals(book.items, text), searchedBy: 'local' as const };
    }
    // Past what is loaded: the service searches, or every page is gone through here.
    const found = await dealSearch.search(book, text, AbortSignal.timeout(120_000));
    return {
      ...cached,
      value: found.items,
      searchedBy: found.searchedBy,
      ...counts,
    };
  };

  return {
    'service.metadata': ({ refresh }) =>
      reader.read({
        key: 'metadata',
        refresh: refresh ?? false,
        fetch: async (signal) => toMetadata((await api.getMetadata({ signal })).data),
        accept: acceptWith(ServiceMetadata),
      }),
    'agents.list': ({ refresh }) =>
      reader.read({
        key: 'agents',
        refresh: refresh ?? false,
        fetch: async (signal) => (await api.listAgents({ signal })).data.items.map(toDisplayRecord),
        accept: acceptWith(Agent.array()),
      }),
    'deals.list': listDeals,
    'deals.findByCrmRecord': (query) =>
      findDealByCrmRecord((search) => listDeals({ search }), query, options.locale?.()),
    'deals.get': ({ dealId, refresh }) =>
      reader.read({
        key: `deal:${dealId}`,
        refresh: refresh ?? false,
        fetch: async (signal) => toDeal((await api.getDeal(dealId, { signal })).data),
        accept: acceptWith(Deal),
      }),
    'briefings.morning': ({ refresh }) =>
      readBriefing('briefings.morning', refresh, (signal) => api.getMorningBriefing({ signal })),
    'briefings.meeting': ({ refresh }) =>
      readBriefing('briefings.meeting', refresh, (signal) => api.getMeetingBriefing({ signal })),
    'usage.summary': async () => {
      const usage = (await api.getUsage()).data;
      quota.update(usage);
      return usage;
    },
  };
}
