// Which deal a CRM record id names, among deals as the service passes them on. A service in front
// of a CRM keeps the CRM's own id in the record (Salesforce `Id`, HubSpot `id` and
// `properties.hs_object_id`, Pipedrive `id`, Dynamics `opportunityid`, Zoho `id`), often beside
// the service's own UUID, which the contract's `id` prefers because runs start with it. So every
// identifier the record carries is a candidate, read the way record-roles reads keys (any naming
// convention, the usual wrappers); a relation's id (`AccountId`, `owner_id`) is not.
import type { Deal } from '../../contract';
import { WRAPPER_KEYS, normaliseKey } from '../../domain/records/roles';
import { RECORD_ID_MATCH_ORDER, recordIdMatch, type Crm, type RecordIdMatch } from './crm-id';

/** Normalised keys that hold the record's own id, with `deal`/`opportunity` prefixes dropped. */
const OWN_ID_KEYS = new Set(['id', 'recordid', 'objectid', 'hsobjectid', 'externalid', 'crmid']);
const RESOURCE_PREFIXES = ['deal', 'opportunity', 'opp', 'potential'];

function isOwnIdKey(key: string): boolean {
  const k = normaliseKey(key);
  if (OWN_ID_KEYS.has(k)) return true;
  return RESOURCE_PREFIXES.some(
    (prefix) => k.startsWith(prefix) && OWN_ID_KEYS.has(k.slice(prefix.length)),
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every id the record carries for itself: top level, then inside wrappers (two levels). */
export function recordIdsOf(record: unknown): string[] {
  const ids: string[] = [];
  const visit = (object: Record<string, unknown>, depth: number) => {
    for (const [key, value] of Object.entries(object)) {
      if (depth < 2 && WRAPPER_KEYS.includes(normaliseKey(key)) && isObject(value)) {
        visit(value, depth + 1);
      } else if (isOwnIdKey(key)) {
        if (typeof value === 'string' && value.trim() !== '') ids.push(value.trim());
        else if (typeof value === 'number' && Number.isSafeInteger(value)) ids.push(String(value));
      }
    }
  };
  if (isObject(record)) visit(record, 0);
  return ids;
}

/**
 * Keys under which a record may give its own address in its CRM's web app, the address a tab
 * shows. The service's spec shows no deal fields, so this is a second guard for a service that
 * passes one on, never the only one (the panel's known hosts are the first). Not the API's hosts
 * (Salesforce's `instance_url` is `*.my.salesforce.com`, Dynamics' `@odata.context` is
 * `*.api.crm*.dynamics.com`, while the web app is elsewhere), nor a bare `url` (often the
 * account's website): comparing those would refuse the user's own deals.
 */
const OWN_ADDRESS_KEYS = new Set(['crmurl', 'recordurl']);

function hostOf(value: string): string | undefined {
  if (!/^https:\/\//i.test(value)) return undefined;
  try {
    return new URL(value).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The CRM hosts the record names for itself: absolute `https:` addresses under its own address
 * keys (top level, then inside wrappers, two levels). Relative ones (Salesforce's
 * `attributes.url`) name no host and are skipped. Empty when the record says nothing.
 */
export function recordHostsOf(record: unknown): string[] {
  const hosts: string[] = [];
  const visit = (object: Record<string, unknown>, depth: number) => {
    for (const [key, value] of Object.entries(object)) {
      const k = normaliseKey(key);
      if (depth < 2 && WRAPPER_KEYS.includes(k) && isObject(value)) {
        visit(value, depth + 1);
      } else if (OWN_ADDRESS_KEYS.has(k) && typeof value === 'string') {
        const host = hostOf(value.trim());
        if (host !== undefined) hosts.push(host);
      }
    }
  };
  if (isObject(record)) visit(record, 0);
  return hosts;
}

/**
 * How the record's own address bears on the tab's host: `agrees` when it names that host,
 * `differs` when it names only others (the record is another organisation's), `unstated` when it
 * names none (the service does not say; the panel then decides by the hosts the user has seen).
 */
export type HostCheck = 'agrees' | 'differs' | 'unstated';

export function hostCheck(deal: Deal, host: string): HostCheck {
  const hosts = recordHostsOf(deal.data);
  if (hosts.length === 0) return 'unstated';
  return hosts.includes(host.toLowerCase()) ? 'agrees' : 'differs';
}

/** How strongly `deal` is the CRM's record `recordId` (its best id), or null when it is not. */
export function dealRecordMatch(deal: Deal, crm: Crm, recordId: string): RecordIdMatch | null {
  let best: number | undefined;
  for (const id of [deal.id, ...recordIdsOf(deal.data)]) {
    const match = recordIdMatch(crm, id, recordId);
    if (match === null) continue;
    const rank = RECORD_ID_MATCH_ORDER.indexOf(match);
    if (best === undefined || rank < best) best = rank;
  }
  return best === undefined ? null : (RECORD_ID_MATCH_ORDER[best] ?? null);
}

/** True when `deal` is the CRM's record `recordId`. */
export function dealIsRecord(deal: Deal, crm: Crm, recordId: string): boolean {
  return dealRecordMatch(deal, crm, recordId) !== null;
}

/**
 * The deal that is the record `recordId` on `host` (a record naming another host is not it): a
 * deal carrying the id exactly wins over one that matches only by Salesforce's 15-character form,
 * which wins over one matched by the checksum's case restoration, wherever each is in the list.
 */
export function findDealByRecord(
  deals: readonly Deal[],
  crm: Crm,
  recordId: string,
  host: string,
): Deal | undefined {
  let found: { deal: Deal; rank: number } | undefined;
  for (const deal of deals) {
    const match = dealRecordMatch(deal, crm, recordId);
    if (match === null || hostCheck(deal, host) === 'differs') continue;
    const rank = RECORD_ID_MATCH_ORDER.indexOf(match);
    if (found === undefined || rank < found.rank) found = { deal, rank };
    if (rank === 0) break;
  }
  return found?.deal;
}
