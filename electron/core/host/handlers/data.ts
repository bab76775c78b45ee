// The screens' reads. Each is served from the cache at once and refreshed in the background
// (or, with `refresh`, waits for the service), so the app opens offline with what it last saw.
import { Agent, Briefing, Deal, type JsonValue, ServiceMetadata } from '../../../contract';
import type { ApiClient } from '../../api/client';
import type { ResourceRecord } from '../../api/lists';
import type { CachedReader } from '../../cache';
import type { RunQuotaGuard } from '../../usage';
import type { Handlers } from '../dispatcher';
import { filterDeals, toDeal, toDisplayRecord, toMetadata } from '../records';

const DEAL_PAGE_SIZE = 100;
/** Bounded: a picker of thousands of deals is not what this cache is for. */
const MAX_DEAL_PAGES = 20;

export type DataRequest =
  | 'service.metadata'
  | 'agents.list'
  | 'deals.list'
  | 'deals.get'
  | 'briefings.morning'
  | 'briefings.meeting'
  | 'usage.summary';

export interface DataHandlerOptions {
  reader: CachedReader;
  api: ApiClient;
  /** Told every usage answer, so starting a run knows the quota without asking again. */
  quota: Pick<RunQuotaGuard, 'update'>;
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

  const fetchAllDeals = async (signal: AbortSignal): Promise<Deal[]> => {
    const deals: Deal[] = [];
    let offset = 0;
    for (let page = 0; page < MAX_DEAL_PAGES; page += 1) {
      const answer = await api.listDeals({ limit: DEAL_PAGE_SIZE, offset }, { signal });
      deals.push(...answer.data.items.map(toDeal));
      const { hasMore, nextOffset } = answer.data.paging;
      const more = hasMore ?? answer.data.items.length >= DEAL_PAGE_SIZE;
      if (!more || answer.data.items.length === 0) break;
      offset = nextOffset ?? offset + answer.data.items.length;
    }
    return deals;
  };

  const briefing =
    (fetchIt: (signal: AbortSignal) => Promise<{ data: ResourceRecord }>) =>
    async (signal: AbortSignal) =>
      toDisplayRecord((await fetchIt(signal)).data);

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
    'deals.list': async ({ refresh, search }) => {
      const all = await reader.read({
        key: 'deals',
        refresh: refresh ?? false,
        fetch: fetchAllDeals,
        accept: acceptWith(Deal.array()),
      });
      return { ...all, value: filterDeals(all.value, search) };
    },
    'deals.get': ({ dealId, refresh }) =>
      reader.read({
        key: `deal:${dealId}`,
        refresh: refresh ?? false,
        fetch: async (signal) => toDeal((await api.getDeal(dealId, { signal })).data),
        accept: acceptWith(Deal),
      }),
    'briefings.morning': ({ refresh }) =>
      reader.read({
        key: 'briefings.morning',
        refresh: refresh ?? false,
        fetch: briefing((signal) => api.getMorningBriefing({ signal })),
        accept: acceptWith(Briefing),
      }),
    'briefings.meeting': ({ refresh }) =>
      reader.read({
        key: 'briefings.meeting',
        refresh: refresh ?? false,
        fetch: briefing((signal) => api.getMeetingBriefing({ signal })),
        accept: acceptWith(Briefing),
      }),
    'usage.summary': async () => {
      const usage = (await api.getUsage()).data;
      quota.update(usage);
      return usage;
    },
  };
}
