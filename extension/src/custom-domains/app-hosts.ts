// The company's CRM hosts IT set in the app (its CompanionCrmDomains policy), as the app answered
// `crm.companyHosts`: kept in chrome.storage.local so the service worker, which holds no port to
// the app, recognises deals there too. Read back through zod like every stored value. An app
// too old to know the request answers an error, and what was kept stays as it was.
import type { ChromeApi } from '../chrome';
import type { CustomHost } from '../deal-address';
import { parseHostList } from './managed';

export const APP_HOSTS_KEY = 'appCrmHosts';

export async function loadAppHosts(chrome: ChromeApi): Promise<CustomHost[]> {
  const stored = await chrome.storage.local.get([APP_HOSTS_KEY]);
  return parseHostList(stored[APP_HOSTS_KEY]);
}

/** Keeps the app's answer; written only when it changed, so the worker re-reads tabs only then. */
export async function saveAppHosts(chrome: ChromeApi, hosts: readonly CustomHost[]): Promise<void> {
  const kept = parseHostList(hosts);
  const before = await loadAppHosts(chrome);
  if (JSON.stringify(before) === JSON.stringify(kept)) return;
  await chrome.storage.local.set({ [APP_HOSTS_KEY]: kept });
}
