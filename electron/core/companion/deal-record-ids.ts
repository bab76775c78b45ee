// Which deal a CRM record id names, among deals as the service passes them on. A service in front
// of a CRM keeps the CRM's own id in the record (Salesforce `Id`, HubSpot `id` and
// `properties.hs_object_id`, Pipedrive `id`, Dynamics `opportunityid`, Zoho `id`), often beside
// the service's own UUID, which the contract's `id` prefers because runs start with it. So every
// identifier the record carries is a candidate, read the way record-roles reads keys (any naming
// convention, the usual wrappers); a relation's id (`AccountId`, `owner_id`) is not.
import type { Deal } from '../../contract';
import { WRAPPER_KEYS, normaliseKey } from '../../domain/records/roles';
import { sameRecord, type Crm } from './crm-id';

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

/** True when `deal` is the CRM's record `recordId`. */
export function dealIsRecord(deal: Deal, crm: Crm, recordId: string): boolean {
  return [deal.id, ...recordIdsOf(deal.data)].some((id) => sameRecord(crm, id, recordId));
}

export function findDealByRecord(
  deals: readonly Deal[],
  crm: Crm,
  recordId: string,
): Deal | undefined {
  return deals.find((deal) => dealIsRecord(deal, crm, recordId));
}
