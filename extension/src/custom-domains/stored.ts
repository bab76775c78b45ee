// The company CRM hosts the user added, in chrome.storage.local: read through zod (storage is a
// boundary: another version of the extension, or a hand edit, may have written anything there),
// and an entry that no longer reads as an address the user could add is dropped.
import { z } from '../../../electron/contract/zod';
import type { ChromeApi } from '../chrome';
import { CRM_NAMES, type CustomHost } from '../deal-address';
import { readCompanyAddress } from './address';

export const CUSTOM_HOSTS_KEY = 'customCrmHosts';
/** More than any company has CRMs; a bound on what is read on every tab change. */
export const MAX_CUSTOM_HOSTS = 50;

const StoredHost = z.object({ host: z.string().max(253), crm: z.enum(CRM_NAMES) });
const StoredHosts = z.array(z.unknown()).max(MAX_CUSTOM_HOSTS);

/** The stored value as a list of hosts; anything malformed in it is left out. */
export function parseCustomHosts(value: unknown): CustomHost[] {
  const list = StoredHosts.safeParse(value);
  if (!list.success) return [];
  const hosts: CustomHost[] = [];
  for (const item of list.data) {
    const entry = StoredHost.safeParse(item);
    if (!entry.success) continue;
    const read = readCompanyAddress(entry.data.host);
    if (!read.ok || read.host !== entry.data.host) continue;
    if (hosts.some((known) => known.host === entry.data.host)) continue;
    hosts.push(entry.data);
  }
  return hosts;
}

export async function loadCustomHosts(chrome: ChromeApi): Promise<CustomHost[]> {
  const stored = await chrome.storage.local.get([CUSTOM_HOSTS_KEY]);
  return parseCustomHosts(stored[CUSTOM_HOSTS_KEY]);
}

/** Adds or replaces (a host has one CRM) the entry for `added.host`. */
export async function saveCustomHost(chrome: ChromeApi, added: CustomHost): Promise<void> {
  const hosts = (await loadCustomHosts(chrome)).filter((known) => known.host !== added.host);
  await chrome.storage.local.set({ [CUSTOM_HOSTS_KEY]: [...hosts, added] });
}

export async function forgetCustomHosts(
  chrome: ChromeApi,
  forget: (host: CustomHost) => boolean,
): Promise<void> {
  const hosts = await loadCustomHosts(chrome);
  const kept = hosts.filter((host) => !forget(host));
  if (kept.length !== hosts.length) await chrome.storage.local.set({ [CUSTOM_HOSTS_KEY]: kept });
}
