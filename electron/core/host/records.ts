// The API client's records (kept whole, with display hints) as the contract's records. The data
// came from JSON, so it is JSON; the dispatcher checks that again against the contract.
import type {
  Agent,
  Briefing,
  Deal,
  JsonObject,
  RunRecord,
  RunsPage,
  ServiceMetadata,
} from '../../contract';
import { findText, inferRoles } from '../../domain/records/roles';
import { principalName } from '../api/principal';
import type { ResourceList, ResourceRecord } from '../api/lists';
import type { Metadata } from '../api/schemas';
import { visibleLine } from '../../domain/text/visible-text';

export function toDisplayRecord(record: ResourceRecord): Agent | Briefing {
  const { id, title, subtitle } = record.display;
  return {
    id: id ?? '',
    title,
    ...(subtitle === undefined ? {} : { subtitle }),
    data: record.data as JsonObject,
  };
}

export function toDeal(record: ResourceRecord): Deal {
  const base = toDisplayRecord(record);
  const { account, stage } = inferRoles(record.data, 'deal');
  return {
    ...base,
    ...(account === undefined ? {} : { account }),
    ...(stage === undefined ? {} : { stage }),
  };
}

/** Every text field of a deal, lowercased, for search as you type. */
/**
 * Each deal's lowercased text, kept while the deal object lives: the cached list hands out the
 * same objects until it is fetched again, so thousands of deals are not walked on every keystroke.
 */
const searchableTexts = new WeakMap<Deal, string>();

function searchableText(deal: Deal): string {
  let text = searchableTexts.get(deal);
  if (text === undefined) {
    text = buildSearchableText(deal);
    searchableTexts.set(deal, text);
  }
  return text;
}

function buildSearchableText(deal: Deal): string {
  const parts: string[] = [deal.title, deal.subtitle ?? '', deal.account ?? '', deal.stage ?? ''];
  const walk = (value: unknown, depth: number) => {
    if (typeof value === 'string') parts.push(value);
    else if (depth < 3 && typeof value === 'object' && value !== null) {
      for (const child of Object.values(value)) walk(child, depth + 1);
    }
  };
  walk(deal.data, 0);
  return parts.join('\n').toLowerCase();
}

/** All words of `search` must appear (in name, account, stage or any other text field). */
export function filterDeals(deals: Deal[], search: string | undefined): Deal[] {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return deals;
  return deals.filter((deal) => {
    const haystack = searchableText(deal);
    return words.every((word) => haystack.includes(word));
  });
}

const CREATED_AT_KEYS = ['createdAt', 'created', 'createdOn', 'startedAt', 'started'];

export function toRunRecord(record: ResourceRecord): RunRecord {
  const data = record.data;
  const runId = findText(data, ['id'], 'run') ?? record.display.id ?? '';
  const status = findText(data, ['status', 'state'], 'run');
  const agentId = findText(data, ['agentId', 'agentKey', 'agent'], 'run');
  const createdAt = findText(data, CREATED_AT_KEYS, 'run');
  const base = toDisplayRecord(record);
  // A run record rarely has a name of its own: its agent says more than its id.
  const title = base.title === runId && agentId !== undefined ? agentId : base.title;
  return {
    ...base,
    title,
    id: runId,
    runId,
    ...(status === undefined ? {} : { status }),
    ...(agentId === undefined ? {} : { agentId }),
    ...(createdAt === undefined ? {} : { createdAt }),
  };
}

export function toRunsPage(list: ResourceList, limit: number, offset: number): RunsPage {
  const items = list.items.map(toRunRecord);
  const { total, hasMore } = list.paging;
  return {
    items,
    limit,
    offset,
    ...(total === undefined ? {} : { total }),
    hasMore:
      hasMore ?? (total !== undefined ? offset + items.length < total : items.length >= limit),
  };
}

/**
 * The documented metadata, and the user's name when the service sends one (the contract drops
 * the rest of what the spec does not show).
 */
export function toMetadata(metadata: Metadata): ServiceMetadata {
  const name = principalName(metadata.principal);
  const capabilities: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(metadata.capabilities)) {
    if (typeof value === 'boolean') capabilities[key] = value;
  }
  return {
    service: metadata.service,
    version: metadata.version,
    environment: metadata.environment,
    org: { id: metadata.org.id, name: visibleLine(metadata.org.name) },
    principal: {
      type: metadata.principal.type,
      authMode: metadata.principal.authMode,
      userId: visibleLine(metadata.principal.userId),
      scopes: [...metadata.principal.scopes],
      ...(name === undefined ? {} : { name }),
    },
    capabilities: capabilities as ServiceMetadata['capabilities'],
  };
}
