// What the options page accepts as a company's CRM address before it asks the browser for a
// permission, and what is read back from storage (a boundary: anything may be there).
import { describe, expect, it } from 'vitest';
import {
  originPattern,
  readCompanyAddress,
  type ReadAddress,
} from '../../../extension/src/custom-domains/address';
import { parseCustomHosts } from '../../../extension/src/custom-domains/stored';
import type { ChromeApi } from '../../../extension/src/chrome';
import { chromeDomains } from '../../../extension/src/options/domains';

const GUID = '5a7e3b2c-91d4-ef11-8eea-000d3a4b5c6d';

const TABLE: [string, ReadAddress][] = [
  ['https://crm.acme.com', { ok: true, host: 'crm.acme.com', crm: null }],
  ['crm.acme.com', { ok: true, host: 'crm.acme.com', crm: null }],
  ['  https://CRM.Acme.com/  ', { ok: true, host: 'crm.acme.com', crm: null }],
  ['https://crm.acme.com:8443/anything', { ok: true, host: 'crm.acme.com', crm: null }],
  [
    `https://crm.acme.com/main.aspx?pagetype=entityrecord&etn=opportunity&id=${GUID}`,
    { ok: true, host: 'crm.acme.com', crm: 'dynamics' },
  ],
  [
    'https://sales.acme.com/lightning/r/Opportunity/0065g00000Q8xYzAAJ/view',
    { ok: true, host: 'sales.acme.com', crm: 'salesforce' },
  ],
  ['https://bücher.example/deal/4', { ok: true, host: 'xn--bcher-kva.example', crm: 'pipedrive' }],
  ['', { ok: false, problem: 'empty' }],
  ['http://crm.acme.com', { ok: false, problem: 'notHttps' }],
  ['ftp://crm.acme.com', { ok: false, problem: 'notHttps' }],
  ['javascript:alert(1)', { ok: false, problem: 'notHttps' }],
  ['https://*.acme.com', { ok: false, problem: 'wildcard' }],
  ['*', { ok: false, problem: 'wildcard' }],
  ['https://10.0.0.5', { ok: false, problem: 'ipAddress' }],
  ['https://127.0.0.1', { ok: false, problem: 'ipAddress' }],
  ['https://[::1]/', { ok: false, problem: 'ipAddress' }],
  ['https://localhost', { ok: false, problem: 'notAnAddress' }],
  ['https://crm', { ok: false, problem: 'notAnAddress' }],
  ['https://user:secret@crm.acme.com', { ok: false, problem: 'notAnAddress' }],
  ['https://crm_acme.com', { ok: false, problem: 'notAnAddress' }],
  ['https://', { ok: false, problem: 'notAnAddress' }],
  ['https://acme.lightning.force.com', { ok: false, problem: 'publicCrm' }],
  ['acme.crm4.dynamics.com', { ok: false, problem: 'publicCrm' }],
  ['https://app.hubspot.com/contacts/1/deal/2', { ok: false, problem: 'publicCrm' }],
];

describe('a company’s CRM address as typed', () => {
  it.each(TABLE)('%s', (typed, expected) => {
    expect(readCompanyAddress(typed)).toEqual(expected);
  });

  it('asks for one exact host over https, any path', () => {
    expect(originPattern('crm.acme.com')).toBe('https://crm.acme.com/*');
  });
});

describe('the added hosts read back from storage', () => {
  it('keeps well-formed entries and drops the rest', () => {
    expect(
      parseCustomHosts([
        { host: 'crm.acme.com', crm: 'dynamics' },
        { host: 'crm.acme.com', crm: 'salesforce' },
        { host: 'CRM.ACME.COM', crm: 'dynamics' },
        { host: '*.acme.com', crm: 'dynamics' },
        { host: 'acme.pipedrive.com', crm: 'pipedrive' },
        { host: 'sales.acme.com', crm: 'notes' },
        { host: 'deals.acme.io', crm: 'pipedrive', extra: true },
        'crm.acme.com',
      ]),
    ).toEqual([
      { host: 'crm.acme.com', crm: 'dynamics' },
      { host: 'deals.acme.io', crm: 'pipedrive' },
    ]);
  });

  it('reads nothing from a value that is not a list, or too long a one', () => {
    expect(parseCustomHosts(undefined)).toEqual([]);
    expect(parseCustomHosts({ host: 'crm.acme.com', crm: 'dynamics' })).toEqual([]);
    expect(parseCustomHosts(Array(51).fill({ host: 'crm.acme.com', crm: 'dynamics' }))).toEqual([]);
  });
});

describe('adding and removing a host', () => {
  function standIn(granted: boolean) {
    const calls: string[] = [];
    const items = new Map<string, unknown>();
    const chrome = {
      permissions: {
        request: async ({ origins }: { origins: string[] }) => {
          calls.push(`request ${origins.join()}`);
          return granted;
        },
        remove: async ({ origins }: { origins: string[] }) => {
          calls.push(
            `remove ${origins.join()} (stored: ${JSON.stringify(items.get('customCrmHosts'))})`,
          );
          return true;
        },
      },
      storage: {
        local: {
          get: async (keys: string[]) => Object.fromEntries(keys.map((k) => [k, items.get(k)])),
          set: async (values: Record<string, unknown>) => {
            for (const [k, v] of Object.entries(values)) items.set(k, v);
          },
        },
      },
    } as unknown as ChromeApi;
    return { chrome, calls, items };
  }

  it('asks the browser at once, inside the click’s gesture, and stores the host once granted', async () => {
    const world = standIn(true);
    const adding = chromeDomains(world.chrome).add({ host: 'crm.acme.com', crm: 'dynamics' });
    // Asked before anything was awaited: a later request would be outside the gesture.
    expect(world.calls).toEqual(['request https://crm.acme.com/*']);
    await expect(adding).resolves.toBe(true);
    expect(world.items.get('customCrmHosts')).toEqual([{ host: 'crm.acme.com', crm: 'dynamics' }]);
  });

  it('stores nothing when the user declines', async () => {
    const world = standIn(false);
    await expect(
      chromeDomains(world.chrome).add({ host: 'crm.acme.com', crm: 'dynamics' }),
    ).resolves.toBe(false);
    expect(world.items.has('customCrmHosts')).toBe(false);
  });

  it('forgets the host, then gives the permission back', async () => {
    const world = standIn(true);
    const domains = chromeDomains(world.chrome);
    await domains.add({ host: 'crm.acme.com', crm: 'dynamics' });
    await domains.add({ host: 'deals.acme.io', crm: 'pipedrive' });
    await domains.remove('crm.acme.com');
    expect(world.calls.at(-1)).toBe(
      'remove https://crm.acme.com/* (stored: [{"host":"deals.acme.io","crm":"pipedrive"}])',
    );
    expect(await domains.list()).toEqual([{ host: 'deals.acme.io', crm: 'pipedrive' }]);
  });
});
