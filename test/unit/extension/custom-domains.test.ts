// What the options page accepts as a company's CRM address before it asks the browser for a
// permission, and what is read back from storage (a boundary: anything may be there).
import { describe, expect, it } from 'vitest';
import {
  originPattern,
  readCompanyAddress,
  type ReadAddress,
} from '../../../extension/src/custom-domains/address';
import { parseCustomHosts } from '../../../extension/src/custom-domains/stored';

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
