// Adding and removing a company's own CRM host: the browser's permission for that one host, and
// the host remembered with its CRM. The service worker follows what is stored. The hosts IT set
// (the browser's managed storage, or the app's policy as the panel kept it) are listed apart: never removed here, and each needs the browser's
// permission once like an added one (no policy grants an extension's optional site access).
import type { ChromeApi } from '../chrome';
import { originPattern } from '../custom-domains/address';
import { forgetCustomHosts, loadCustomHosts, saveCustomHost } from '../custom-domains/stored';
import type { CustomHost } from '../deal-address';
import { loadOrganisationDomains } from '../custom-domains/company-hosts';

/** What IT set, each host with whether the browser lets the extension see it yet. */
export interface ManagedView {
  hosts: (CustomHost & { allowed: boolean })[];
  allowUserDomains: boolean;
}

export interface Domains {
  list(): Promise<CustomHost[]>;
  /**
   * Asks the browser for the host's permission, then remembers it; false when the user declined.
   * Call it straight from the click's handler: the browser asks only within a user's gesture.
   */
  add(added: CustomHost): Promise<boolean>;
  remove(host: string): Promise<void>;
  managed(): Promise<ManagedView>;
  /** Asks the browser for a host IT set; call it straight from the click's handler, as `add`. */
  allow(host: string): Promise<boolean>;
}

export function chromeDomains(chrome: ChromeApi): Domains {
  return {
    list: () => loadCustomHosts(chrome),
    add(added) {
      // Nothing awaited before the request: an await would end the gesture it needs.
      const asked = chrome.permissions.request({ origins: [originPattern(added.host)] });
      return asked.then(async (granted) => {
        if (granted) await saveCustomHost(chrome, added);
        return granted;
      });
    },
    async managed() {
      const set = await loadOrganisationDomains(chrome);
      const hosts = await Promise.all(
        set.hosts.map(async (entry) => ({
          ...entry,
          allowed: await chrome.permissions
            .contains({ origins: [originPattern(entry.host)] })
            .catch(() => false),
        })),
      );
      return { hosts, allowUserDomains: set.allowUserDomains };
    },
    allow(host) {
      return chrome.permissions.request({ origins: [originPattern(host)] });
    },
    async remove(host) {
      // Forgotten first: the panel stops opening there even if the browser keeps the permission.
      await forgetCustomHosts(chrome, (known) => known.host === host);
      await chrome.permissions.remove({ origins: [originPattern(host)] });
    },
  };
}
