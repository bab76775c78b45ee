// The API client's records (kept whole, with display hints) as the contract's records: agents,
// briefings, runs, the metadata. The data came from JSON, so it is JSON; the dispatcher checks that
// again against the contract. Deals have their own room (core/deals/records.ts).
import type {
  Agent,
  Briefing,
  JsonObject,
  RunRecord,
  RunsPage,
  ServiceMetadata,
} from '../../contract';
import { findText } from '../../domain/records/roles';
import { visibleLine } from '../../domain/text/visible-text';
import { principalName } from './principal';
import type { ResourceList, ResourceRecord } from './lists';
import type { Metadata } from './schemas';

export function toDisplayRecord(record: ResourceRecord): Agent | Briefing {
  const { id, title, subtitle } = record.display;
  return {
    id: id ?? '',
    title,
    ...(subtitle === undefined ? {} : { subtitle }),
    data: record.data as JsonObject,
  };
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
