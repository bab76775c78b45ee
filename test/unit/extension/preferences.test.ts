// What the panel keeps in chrome.storage.local about CRM hosts: the hosts it has shown each CRM's
// deals from (so a deal on another company's host of the same CRM is held back), and the hosts the
// user added in Options counted as the company's; anything stored in another shape counts as none.
import { describe, expect, it } from 'vitest';
import type { ChromeApi } from '../../../extension/src/chrome';
import { chromePreferences } from '../../../extension/src/panel/preferences';

function storedIn(items: Record<string, unknown>): ChromeApi {
  return {
    storage: {
      local: {
        get: async (keys: string[]) =>
          Object.fromEntries(keys.filter((k) => k in items).map((k) => [k, items[k]])),
        set: async (values: Record<string, unknown>) => void Object.assign(items, values),
      },
    },
  } as unknown as ChromeApi;
}

describe('the CRM hosts the panel knows', () => {
  it('remembers each CRM’s hosts apart, once each, and forgets the oldest past 20', async () => {
    const preferences = chromePreferences(storedIn({}));
    expect(await preferences.crmHosts('pipedrive')).toEqual([]);
    await preferences.rememberCrmHost('pipedrive', 'acme.pipedrive.com');
    await preferences.rememberCrmHost('pipedrive', 'acme.pipedrive.com');
    await preferences.rememberCrmHost('salesforce', 'acme.lightning.force.com');
    expect(await preferences.crmHosts('pipedrive')).toEqual(['acme.pipedrive.com']);
    expect(await preferences.crmHosts('salesforce')).toEqual(['acme.lightning.force.com']);
    for (let i = 0; i < 20; i += 1)
      await preferences.rememberCrmHost('pipedrive', `h${i}.pipedrive.com`);
    const hosts = await preferences.crmHosts('pipedrive');
    expect(hosts).toHaveLength(20);
    expect(hosts).not.toContain('acme.pipedrive.com');
  });

  it('counts a host the user added for that CRM in Options as the company’s', async () => {
    const preferences = chromePreferences(
      storedIn({ customCrmHosts: [{ host: 'crm.acme.com', crm: 'dynamics' }] }),
    );
    expect(await preferences.crmHosts('dynamics')).toEqual(['crm.acme.com']);
    expect(await preferences.crmHosts('pipedrive')).toEqual([]);
  });

  it('takes hosts stored in another shape (another version, a bad write) as none seen', async () => {
    const items = { crmHostsSeen: { pipedrive: 'acme.pipedrive.com' } };
    const preferences = chromePreferences(storedIn(items));
    expect(await preferences.crmHosts('pipedrive')).toEqual([]);
    await preferences.rememberCrmHost('pipedrive', 'acme.pipedrive.com');
    expect(await preferences.crmHosts('pipedrive')).toEqual(['acme.pipedrive.com']);
  });
});
