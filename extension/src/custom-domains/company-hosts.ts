// The company's CRM hosts as the recogniser and the panel use them: those IT set first (their
// CRM wins over a user's entry for the same host), then those the user added, unless IT said
// users may not add any (then what they added earlier is not used either).
import type { ChromeApi } from '../chrome';
import type { CustomHost } from '../deal-address';
import { loadManagedDomains, type ManagedDomains } from './managed';
import { loadCustomHosts } from './stored';

export function companyHosts(managed: ManagedDomains, added: readonly CustomHost[]): CustomHost[] {
  const users = managed.allowUserDomains ? added : [];
  return [
    ...managed.hosts,
    ...users.filter((entry) => !managed.hosts.some((set) => set.host === entry.host)),
  ];
}

export async function loadCompanyHosts(chrome: ChromeApi): Promise<CustomHost[]> {
  const [managed, added] = await Promise.all([loadManagedDomains(chrome), loadCustomHosts(chrome)]);
  return companyHosts(managed, added);
}
