// The company CRM hosts IT sets by policy (managed storage): read through zod whatever the browser
// hands over, the schema the browser checks them with names the same keys and CRMs, and the
// hosts the recogniser uses are IT's first (the browser's, then the app's policy the panel kept),
// then the user's unless IT says users may not add any.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from '../../../electron/contract/zod';
import type { ChromeApi } from '../../../extension/src/chrome';
import { loadAppHosts, saveAppHosts } from '../../../extension/src/custom-domains/app-hosts';
import {
  companyHosts,
  loadCompanyHosts,
  loadOrganisationDomains,
  organisationDomains,
} from '../../../extension/src/custom-domains/company-hosts';
import {
  loadManagedDomains,
  MANAGED_ALLOW_USER_KEY,
  MANAGED_DOMAINS_KEY,
  NOTHING_MANAGED,
  parseManagedDomains,
} from '../../../extension/src/custom-domains/managed';
import { CRM_NAMES, recogniseDealAddress } from '../../../extension/src/deal-address';

const DEAL_PATH = '/lightning/r/Opportunity/0065g00000Q8xYzAAJ/view';

describe('what IT set, as read', () => {
  it('reads hosts with their CRM, written as a host or an address, and whether users may add', () => {
    expect(
      parseManagedDomains({
        crmDomains: [
          { host: 'sales.globex.com', crm: 'salesforce' },
          { host: 'https://CRM.Globex.com/main.aspx', crm: 'dynamics' },
        ],
        allowUserDomains: false,
      }),
    ).toEqual({
      hosts: [
        { host: 'sales.globex.com', crm: 'salesforce' },
        { host: 'crm.globex.com', crm: 'dynamics' },
      ],
      allowUserDomains: false,
    });
  });

  it('leaves out what is not a host a user could add, and reads a malformed value as not set', () => {
    expect(
      parseManagedDomains({
        crmDomains: [
          { host: '*.globex.com', crm: 'salesforce' },
          { host: 'globex.lightning.force.com', crm: 'salesforce' },
          { host: 'http://crm.globex.com', crm: 'dynamics' },
          { host: 'crm.globex.com', crm: 'lotus-notes' },
          { host: 'ok.globex.com', crm: 'zoho' },
          { host: 'ok.globex.com', crm: 'pipedrive' },
          'ok.globex.com',
        ],
        allowUserDomains: 'no',
      }),
    ).toEqual({ hosts: [{ host: 'ok.globex.com', crm: 'zoho' }], allowUserDomains: true });
    expect(parseManagedDomains({ crmDomains: { host: 'a.b.com' } })).toEqual(NOTHING_MANAGED);
    expect(parseManagedDomains({})).toEqual(NOTHING_MANAGED);
  });

  it('is nothing where the browser offers no managed storage, or it fails', async () => {
    const none = { storage: {} } as unknown as ChromeApi;
    expect(await loadManagedDomains(none)).toEqual(NOTHING_MANAGED);
    const failing = {
      storage: { managed: { get: () => Promise.reject(new Error('Managed storage unavailable')) } },
    } as unknown as ChromeApi;
    expect(await loadManagedDomains(failing)).toEqual(NOTHING_MANAGED);
  });

  it('has a schema that names the keys read and exactly the CRMs the recogniser knows', () => {
    const Schema = z.object({
      type: z.literal('object'),
      properties: z.object({
        [MANAGED_DOMAINS_KEY]: z.object({
          type: z.literal('array'),
          items: z.object({
            properties: z.object({
              host: z.object({ type: z.literal('string') }),
              crm: z.object({ enum: z.array(z.string()) }),
            }),
            required: z.array(z.string()),
          }),
        }),
        [MANAGED_ALLOW_USER_KEY]: z.object({ type: z.literal('boolean') }),
      }),
    });
    const schema = Schema.parse(
      JSON.parse(
        readFileSync(new URL('../../../extension/managed-schema.json', import.meta.url), 'utf8'),
      ),
    );
    const manifest = z
      .object({ storage: z.object({ managed_schema: z.string() }) })
      .parse(
        JSON.parse(
          readFileSync(new URL('../../../extension/manifest.json', import.meta.url), 'utf8'),
        ),
      );
    expect(manifest.storage.managed_schema).toBe('managed-schema.json');
    expect(schema.properties.crmDomains.items.properties.crm.enum).toEqual([...CRM_NAMES]);
    expect(schema.properties.crmDomains.items.required).toEqual(['host', 'crm']);
  });
});

describe('the company’s hosts the recogniser uses', () => {
  const managed = {
    hosts: [{ host: 'sales.globex.com', crm: 'salesforce' as const }],
    allowUserDomains: true,
  };
  const added = [
    { host: 'sales.globex.com', crm: 'dynamics' as const },
    { host: 'crm.globex.com', crm: 'dynamics' as const },
  ];

  it('are IT’s first (its CRM wins for a host in both), then the user’s', () => {
    expect(companyHosts(managed, added)).toEqual([
      { host: 'sales.globex.com', crm: 'salesforce' },
      { host: 'crm.globex.com', crm: 'dynamics' },
    ]);
  });

  it('are IT’s alone when IT says users may not add any', () => {
    expect(companyHosts({ ...managed, allowUserDomains: false }, added)).toEqual(managed.hosts);
  });

  it('make a deal page on IT’s host a deal without the user adding it', async () => {
    const chrome = {
      storage: {
        local: { get: async () => ({}) },
        managed: {
          get: async () => ({ crmDomains: [{ host: 'sales.globex.com', crm: 'salesforce' }] }),
        },
      },
    } as unknown as ChromeApi;
    const hosts = await loadCompanyHosts(chrome);
    expect(recogniseDealAddress(`https://sales.globex.com${DEAL_PATH}`, hosts)).toEqual({
      crm: 'salesforce',
      recordId: '0065g00000Q8xYzAAJ',
      host: 'sales.globex.com',
    });
    expect(recogniseDealAddress(`https://sales.globex.com${DEAL_PATH}`, [])).toBeNull();
  });
});

describe('the company’s CRM hosts the app passes on from its policy', () => {
  function localStorage(initial: Record<string, unknown> = {}) {
    const items = new Map(Object.entries(initial));
    const writes: Record<string, unknown>[] = [];
    const chrome = {
      storage: {
        local: {
          get: async (keys: string[]) =>
            Object.fromEntries(keys.filter((k) => items.has(k)).map((k) => [k, items.get(k)])),
          set: async (values: Record<string, unknown>) => {
            writes.push(values);
            for (const [k, v] of Object.entries(values)) items.set(k, v);
          },
        },
        managed: {
          get: async () => ({ crmDomains: [{ host: 'sales.globex.com', crm: 'salesforce' }] }),
        },
      },
    } as unknown as ChromeApi;
    return { chrome, writes };
  }

  it('are kept (once, unless they change) and read back through the same checks', async () => {
    const { chrome, writes } = localStorage();
    const hosts = [
      { host: 'crm.globex.com', crm: 'dynamics' as const },
      { host: 'sales.globex.com', crm: 'hubspot' as const },
    ];
    await saveAppHosts(chrome, hosts);
    await saveAppHosts(chrome, hosts);
    expect(writes).toHaveLength(1);
    expect(await loadAppHosts(chrome)).toEqual(hosts);
  });

  it('count as IT’s, after the browser’s managed storage for a host both name', async () => {
    const { chrome } = localStorage({
      appCrmHosts: [
        { host: 'crm.globex.com', crm: 'dynamics' },
        { host: 'sales.globex.com', crm: 'hubspot' },
        { host: '*.globex.com', crm: 'zoho' },
      ],
    });
    expect(await loadOrganisationDomains(chrome)).toEqual({
      hosts: [
        { host: 'sales.globex.com', crm: 'salesforce' },
        { host: 'crm.globex.com', crm: 'dynamics' },
      ],
      allowUserDomains: true,
    });
    expect(organisationDomains(NOTHING_MANAGED, [])).toEqual(NOTHING_MANAGED);
  });
});
