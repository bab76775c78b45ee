// Adding and removing a company's own CRM host: the browser's permission for that one host, and
// the host remembered with its CRM. The service worker follows what is stored.
import type { ChromeApi } from '../chrome';
import { originPattern } from '../custom-domains/address';
import { forgetCustomHosts, loadCustomHosts, saveCustomHost } from '../custom-domains/stored';
import type { CustomHost } from '../deal-address';

export interface Domains {
  list(): Promise<CustomHost[]>;
  /**
   * Asks the browser for the host's permission, then remembers it; false when the user declined.
   * Call it straight from the click's handler: the browser asks only within a user's gesture.
   */
  add(added: CustomHost): Promise<boolean>;
  remove(host: string): Promise<void>;
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
    async remove(host) {
      // Forgotten first: the panel stops opening there even if the browser keeps the permission.
      await forgetCustomHosts(chrome, (known) => known.host === host);
      await chrome.permissions.remove({ origins: [originPattern(host)] });
    },
  };
}
