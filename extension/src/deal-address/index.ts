// Recognises the deal open in a tab from its address alone, for the five CRMs the companion knows
// on their public hosts, and on the company's own hosts the user added (each read by its CRM's
// rules). Anything else, a list, an account, a contact, another site, is not a deal: null. Pure:
// no DOM and no chrome.* APIs, so the extension's service worker and the unit tests run the same
// code.
import { dynamics } from './dynamics';
import { hubspot } from './hubspot';
import { pipedrive } from './pipedrive';
import { salesforce } from './salesforce';
import type { CrmAddressRules, CrmName, CustomHost, DealAddress } from './types';
import { zoho } from './zoho';

export { CRM_NAMES, type CrmName, type CustomHost, type DealAddress } from './types';

/** Longer addresses are refused unread: no CRM's deal page needs one, a hostile page might. */
export const MAX_ADDRESS_LENGTH = 4096;

/** The longest DNS name. */
export const MAX_HOST_LENGTH = 253;

const RULES: readonly CrmAddressRules[] = [salesforce, hubspot, pipedrive, dynamics, zoho];

function parse(address: string): URL | null {
  if (address.length > MAX_ADDRESS_LENGTH) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Whether `host` is one of the five CRMs' public hosts, which need no adding. */
export function isPublicCrmHost(host: string): boolean {
  return RULES.some((rules) => rules.isHost(host));
}

export function recogniseDealAddress(
  address: string,
  customHosts: readonly CustomHost[] = [],
): DealAddress | null {
  const url = parse(address);
  if (url === null) return null;
  const host = url.hostname;
  // No DNS name is longer; the messages that carry a host bound it so.
  if (host.length > MAX_HOST_LENGTH) return null;
  // A public host is read only by its own CRM; an added host only by the CRM the user named.
  const custom = customHosts.find((entry) => entry.host === host);
  const rules = custom
    ? RULES.filter((r) => r.crm === custom.crm)
    : RULES.filter((r) => r.isHost(host));
  for (const rule of rules) {
    const recordId = rule.recordId(url);
    if (recordId !== null) return { crm: rule.crm, recordId, host };
  }
  return null;
}

/** The CRM whose deal page `address` is by its path alone (a deal address pasted on any host). */
export function crmOfDealPath(address: string): CrmName | null {
  const url = parse(address);
  if (url === null) return null;
  const found = RULES.filter((rules) => rules.recordId(url) !== null);
  // Two CRMs reading the same path would be a guess: the user says which.
  return found.length === 1 ? (found[0] as CrmAddressRules).crm : null;
}
