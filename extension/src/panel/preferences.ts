// The extension's only stored data: the user's preferences (the agent asked last) and the CRM
// hosts the panel has shown deals from, in chrome.storage.local. Never the session, a deal or an
// answer.
import { z } from '../../../electron/contract/zod';
import type { ChromeApi } from '../chrome';
import { loadCompanyHosts } from '../custom-domains/company-hosts';
import { saveAppHosts } from '../custom-domains/app-hosts';
import { loadOrganisationDomains } from '../custom-domains/company-hosts';
import { CRM_NAMES, type CrmName, type CustomHost } from '../deal-address';

export interface Preferences {
  lastAgent(): Promise<string | undefined>;
  rememberAgent(agentId: string): Promise<void>;
  /**
   * The hosts of `crm` the user's company's CRM answers at: those the panel has shown deals from,
   * those the user added for it in Options (adding one says it is theirs) and those IT set.
   */
  crmHosts(crm: CrmName): Promise<string[]>;
  /**
   * The hosts of `crm` IT set by policy (the browser's managed storage, or the app's policy): the
   * company's, said so in the panel.
   */
  organisationHosts(crm: CrmName): Promise<string[]>;
  /** Keeps the company's CRM hosts the app passed on (`crm.companyHosts`). */
  rememberAppCrmHosts(hosts: readonly CustomHost[]): Promise<void>;
  rememberCrmHost(crm: CrmName, host: string): Promise<void>;
}

const LAST_AGENT = 'lastAgentId';
const CRM_HOSTS = 'crmHostsSeen';
/** Per CRM: a company has one or a few (a sandbox, a second org); more is not what this is for. */
const MAX_HOSTS_PER_CRM = 20;

const StoredCrmHosts = z.partialRecord(
  z.enum(CRM_NAMES),
  z.array(z.string().max(253)).max(MAX_HOSTS_PER_CRM),
);
type StoredCrmHosts = z.infer<typeof StoredCrmHosts>;

export function chromePreferences(chrome: ChromeApi): Preferences {
  /** What another version stored in another shape counts as nothing seen. */
  const storedHosts = async (): Promise<StoredCrmHosts> => {
    const stored = await chrome.storage.local.get([CRM_HOSTS]);
    const parsed = StoredCrmHosts.safeParse(stored[CRM_HOSTS]);
    return parsed.success ? parsed.data : {};
  };
  return {
    async lastAgent() {
      const stored = await chrome.storage.local.get([LAST_AGENT]);
      const value = stored[LAST_AGENT];
      return typeof value === 'string' && value.length <= 200 ? value : undefined;
    },
    async rememberAgent(agentId) {
      await chrome.storage.local.set({ [LAST_AGENT]: agentId });
    },
    async crmHosts(crm) {
      const [seen, added] = await Promise.all([storedHosts(), loadCompanyHosts(chrome)]);
      const own = added.filter((entry) => entry.crm === crm).map((entry) => entry.host);
      return [...new Set([...(seen[crm] ?? []), ...own])];
    },
    async organisationHosts(crm) {
      const managed = await loadOrganisationDomains(chrome);
      return managed.hosts.filter((entry) => entry.crm === crm).map((entry) => entry.host);
    },
    rememberAppCrmHosts: (hosts) => saveAppHosts(chrome, hosts),
    async rememberCrmHost(crm, host) {
      const stored = await storedHosts();
      const hosts = (stored[crm] ?? []).filter((h) => h !== host);
      // The newest last; past the bound the oldest is forgotten (it is asked about again).
      stored[crm] = [...hosts, host].slice(-MAX_HOSTS_PER_CRM);
      await chrome.storage.local.set({ [CRM_HOSTS]: stored });
    },
  };
}
