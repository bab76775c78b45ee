// The company's CRM hosts as the recogniser and the panel use them: those IT set first (in the
// extension's managed storage, then in the app's policy; IT's CRM wins over a user's entry for
// the same host), then those the user added, unless IT said users may not add any (then what
// they added earlier is not used either).
import type { ChromeApi } from '../chrome';
import type { CustomHost } from '../deal-address';
import { loadAppHosts } from './app-hosts';
import { loadManagedDomains, type ManagedDomains } from './managed';
import { loadCustomHosts } from './stored';

/** `first`, then the entries of `then` for hosts `first` does not name. */
function joinHosts(first: readonly CustomHost[], then: readonly CustomHost[]): CustomHost[] {
  return [...first, ...then.filter((entry) => !first.some((set) => set.host === entry.host))];
}

/** What IT set: the extension's managed storage, and the hosts the app passed on from its policy. */
export function organisationDomains(
  managed: ManagedDomains,
  fromApp: readonly CustomHost[],
): ManagedDomains {
  return { ...managed, hosts: joinHosts(managed.hosts, fromApp) };
}

export function companyHosts(managed: ManagedDomains, added: readonly CustomHost[]): CustomHost[] {
  return joinHosts(managed.hosts, managed.allowUserDomains ? added : []);
}

export async function loadOrganisationDomains(chrome: ChromeApi): Promise<ManagedDomains> {
  const [managed, fromApp] = await Promise.all([
    loadManagedDomains(chrome),
    loadAppHosts(chrome).catch((): CustomHost[] => []),
  ]);
  return organisationDomains(managed, fromApp);
}

export async function loadCompanyHosts(chrome: ChromeApi): Promise<CustomHost[]> {
  const [organisation, added] = await Promise.all([
    loadOrganisationDomains(chrome),
    loadCustomHosts(chrome),
  ]);
  return companyHosts(organisation, added);
}
