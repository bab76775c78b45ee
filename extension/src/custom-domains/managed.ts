// The company CRM hosts IT sets for the extension by policy (Chrome's and Edge's managed storage,
// declared by managed-schema.json; docs/companion-it.md), and whether users may add their own.
// Managed storage is a boundary like any other: the browser checks the schema, but another
// browser, an older schema or a hand-made policy file may hand over anything, so it is read
// through zod and an entry that is not a host a user could add is left out.
import { z } from '../../../electron/contract/zod';
import type { ChromeApi } from '../chrome';
import { CRM_NAMES, type CustomHost } from '../deal-address';
import { readCompanyAddress } from './address';
import { MAX_CUSTOM_HOSTS } from './stored';

/** The keys of managed-schema.json. */
export const MANAGED_DOMAINS_KEY = 'crmDomains';
export const MANAGED_ALLOW_USER_KEY = 'allowUserDomains';

export interface ManagedDomains {
  /** The hosts IT set, each with its CRM. */
  hosts: CustomHost[];
  /** False when IT says only its hosts count: the options page offers no adding. */
  allowUserDomains: boolean;
}

export const NOTHING_MANAGED: ManagedDomains = { hosts: [], allowUserDomains: true };

const ManagedEntry = z.object({ host: z.string().max(4096), crm: z.enum(CRM_NAMES) });

/**
 * A list of `{host, crm}` as IT writes it (in managed storage, or in the app's policy, which the
 * app passes on): entries that are not a host a user could add are left out.
 */
export function parseHostList(value: unknown): CustomHost[] {
  const list = z.array(z.unknown()).max(MAX_CUSTOM_HOSTS).safeParse(value);
  const hosts: CustomHost[] = [];
  for (const item of list.success ? list.data : []) {
    const entry = ManagedEntry.safeParse(item);
    if (!entry.success) continue;
    // IT may write the address as users type it (https://crm.acme.com/): read alike.
    const read = readCompanyAddress(entry.data.host);
    if (!read.ok || hosts.some((known) => known.host === read.host)) continue;
    hosts.push({ host: read.host, crm: entry.data.crm });
  }
  return hosts;
}

/** The managed values as read; anything malformed counts as not set. */
export function parseManagedDomains(values: Record<string, unknown>): ManagedDomains {
  const hosts = parseHostList(values[MANAGED_DOMAINS_KEY]);
  const allow = z.boolean().safeParse(values[MANAGED_ALLOW_USER_KEY]);
  return { hosts, allowUserDomains: allow.success ? allow.data : true };
}

/**
 * What IT set; nothing when the browser has no managed storage for the extension (no policy, a
 * browser without it): the extension then works as before.
 */
export async function loadManagedDomains(chrome: ChromeApi): Promise<ManagedDomains> {
  const managed = chrome.storage.managed;
  if (managed === undefined) return NOTHING_MANAGED;
  try {
    return parseManagedDomains(await managed.get([MANAGED_DOMAINS_KEY, MANAGED_ALLOW_USER_KEY]));
  } catch {
    return NOTHING_MANAGED;
  }
}
