import { describe, expect, it } from 'vitest';
import {
  crmOfDealPath,
  isPublicCrmHost,
  MAX_ADDRESS_LENGTH,
  recogniseDealAddress,
  type DealAddress,
} from '../../../extension/src/deal-address';

const SF = '0065g00000Q8xYz';
const SF18 = '0065g00000Q8xYzAAJ';
const GUID = '5a7e3b2c-91d4-ef11-8eea-000d3a4b5c6d';
const UP = GUID.toUpperCase();
const D365 = 'https://adatum.crm4.dynamics.com/main.aspx';

const deal = (crm: DealAddress['crm'], recordId: string, host: string): DealAddress => ({
  crm,
  recordId,
  host,
});

// [address, what it is] — deals first, then pages that are not deals.
const DEALS: [string, DealAddress][] = [
  // Salesforce
  [
    `https://fabrikam.lightning.force.com/lightning/r/Opportunity/${SF18}/view`,
    deal('salesforce', SF18, 'fabrikam.lightning.force.com'),
  ],
  [
    `https://fabrikam.lightning.force.com/lightning/r/Opportunity/${SF}/view`,
    deal('salesforce', SF, 'fabrikam.lightning.force.com'),
  ],
  [
    `https://fabrikam.lightning.force.com/lightning/r/Opportunity/${SF18}/related/OpportunityLineItems/view`,
    deal('salesforce', SF18, 'fabrikam.lightning.force.com'),
  ],
  [
    `https://fabrikam--uat.sandbox.lightning.force.com/lightning/r/Opportunity/${SF18}/view?ws=%2Flightning%2Fr%2FAccount`,
    deal('salesforce', SF18, 'fabrikam--uat.sandbox.lightning.force.com'),
  ],
  [
    `https://fabrikam.lightning.force.com/lightning/r/${SF18}/view`,
    deal('salesforce', SF18, 'fabrikam.lightning.force.com'),
  ],
  [
    `https://fabrikam.my.salesforce.com/lightning/r/Opportunity/${SF18}/view`,
    deal('salesforce', SF18, 'fabrikam.my.salesforce.com'),
  ],
  [
    `https://fabrikam.my.salesforce.com/${SF}`,
    deal('salesforce', SF, 'fabrikam.my.salesforce.com'),
  ],
  [
    `https://fabrikam.lightning.force.com/one/one.app#/sObject/${SF18}/view`,
    deal('salesforce', SF18, 'fabrikam.lightning.force.com'),
  ],
  [
    `https://FABRIKAM.Lightning.Force.com/lightning/r/opportunity/${SF18}/view#tab`,
    deal('salesforce', SF18, 'fabrikam.lightning.force.com'),
  ],
  // HubSpot
  [
    'https://app.hubspot.com/contacts/4419836/record/0-3/18235406571',
    deal('hubspot', '18235406571', 'app.hubspot.com'),
  ],
  [
    'https://app-eu1.hubspot.com/contacts/26012345/record/0-3/18235406571/',
    deal('hubspot', '18235406571', 'app-eu1.hubspot.com'),
  ],
  [
    'https://app-na2.hubspot.com/contacts/4419836/record/0-3/9001?eschref=%2Fcontacts',
    deal('hubspot', '9001', 'app-na2.hubspot.com'),
  ],
  [
    'https://app.hubspot.com/contacts/4419836/deal/18235406571',
    deal('hubspot', '18235406571', 'app.hubspot.com'),
  ],
  // Pipedrive
  ['https://bergmann.pipedrive.com/deal/4821', deal('pipedrive', '4821', 'bergmann.pipedrive.com')],
  [
    'https://bergmann-vertrieb.pipedrive.com/deal/4821/',
    deal('pipedrive', '4821', 'bergmann-vertrieb.pipedrive.com'),
  ],
  [
    'https://bergmann.pipedrive.com/deal/4821?tab=notes',
    deal('pipedrive', '4821', 'bergmann.pipedrive.com'),
  ],
  // Dynamics 365
  [
    `${D365}?appid=0d4c6e2a-1111-4222-8333-944455566677&pagetype=entityrecord&etn=opportunity&id=${GUID}`,
    deal('dynamics', GUID, 'adatum.crm4.dynamics.com'),
  ],
  [
    `${D365}?pagetype=entityrecord&etn=opportunity&id=%7B${UP}%7D`,
    deal('dynamics', GUID, 'adatum.crm4.dynamics.com'),
  ],
  [
    `${D365}?pagetype=entityrecord&etn=opportunity&id={${UP}}`,
    deal('dynamics', GUID, 'adatum.crm4.dynamics.com'),
  ],
  [
    `${D365}?pagetype=entityrecord&etn=opportunity&id=%257b${GUID}%257d`,
    deal('dynamics', GUID, 'adatum.crm4.dynamics.com'),
  ],
  [
    `https://adatum.crm.dynamics.com/main.aspx?etc=3&id=%7b${GUID}%7d&pagetype=entityrecord`,
    deal('dynamics', GUID, 'adatum.crm.dynamics.com'),
  ],
  [
    `https://adatum.crm11.dynamics.com/main.aspx?forceUCI=1&PageType=EntityRecord&etn=Opportunity&id=${UP}`,
    deal('dynamics', GUID, 'adatum.crm11.dynamics.com'),
  ],
  // Zoho CRM
  [
    'https://crm.zoho.com/crm/org712345678/tab/Potentials/5725767000001234001',
    deal('zoho', '5725767000001234001', 'crm.zoho.com'),
  ],
  [
    'https://crm.zoho.eu/crm/org20071234/tab/Deals/5725767000001234001',
    deal('zoho', '5725767000001234001', 'crm.zoho.eu'),
  ],
  [
    'https://crm.zoho.in/crm/tab/Potentials/5725767000001234001/',
    deal('zoho', '5725767000001234001', 'crm.zoho.in'),
  ],
  [
    'https://crm.zoho.com.au/crm/org7001/tab/Potentials/5725767000001234001?sub_module=',
    deal('zoho', '5725767000001234001', 'crm.zoho.com.au'),
  ],
];

const NOT_DEALS: [string, string][] = [
  // Salesforce
  ['https://fabrikam.lightning.force.com/lightning/o/Opportunity/list?filterName=Recent', 'a list'],
  [
    'https://fabrikam.lightning.force.com/lightning/r/Account/0015g00000LmNoPAAV/view',
    'an account',
  ],
  ['https://fabrikam.lightning.force.com/lightning/r/Contact/0035g00000AbCdEAAV/view', 'a contact'],
  ['https://fabrikam.lightning.force.com/lightning/page/home', 'the home page'],
  ['https://fabrikam.lightning.force.com/lightning/r/0015g00000LmNoPAAV/view', 'an account by id'],
  [`https://fabrikam.lightning.force.com/lightning/r/Opportunity/${SF}x/view`, '16 characters'],
  [`https://fabrikam.lightning.force.com/lightning/r/Opportunity/006%00${SF}/view`, 'a NUL'],
  [`https://lightning.force.com.evil.example/lightning/r/Opportunity/${SF18}/view`, 'lookalike'],
  [`https://evil-lightning.force.com/lightning/r/Opportunity/${SF18}/view`, 'not a subdomain'],
  [`http://fabrikam.lightning.force.com/lightning/r/Opportunity/${SF18}/view`, 'plain http'],
  [`https://fabrikam.my.salesforce.com/${SF}/e`, 'classic edit page'],
  // HubSpot
  ['https://app.hubspot.com/contacts/4419836/record/0-1/51', 'a contact'],
  ['https://app.hubspot.com/contacts/4419836/record/0-2/9911234001', 'a company'],
  ['https://app.hubspot.com/contacts/4419836/objects/0-3/views/all/list', 'the deals list'],
  ['https://app.hubspot.com/contacts/4419836/record/0-3/1e5', 'an id that is not digits'],
  [`https://app.hubspot.com/contacts/4419836/record/0-3/${'9'.repeat(21)}`, 'an enormous id'],
  ['https://www.hubspot.com/contacts/4419836/record/0-3/18235406571', 'the marketing site'],
  ['https://app.hubspot.com.evil.example/contacts/1/record/0-3/2', 'lookalike'],
  // Pipedrive
  ['https://bergmann.pipedrive.com/pipeline/1/user/everyone', 'the pipeline'],
  ['https://bergmann.pipedrive.com/person/77', 'a person'],
  ['https://bergmann.pipedrive.com/organization/312', 'an organisation'],
  ['https://bergmann.pipedrive.com/deals/list', 'the deals list'],
  ['https://bergmann.pipedrive.com/deal/-1', 'a negative id'],
  ['https://bergmann.pipedrive.com/deal/4821/../../person/7', 'a person, once normalised'],
  // Dynamics 365
  [`${D365}?pagetype=entitylist&etn=opportunity&viewid=${GUID}`, 'the list'],
  [`${D365}?pagetype=entityrecord&etn=account&id=${GUID}`, 'an account'],
  [`${D365}?pagetype=entityrecord&etn=contact&id=${GUID}`, 'a contact'],
  [`${D365}?pagetype=entityrecord&etn=opportunity&id=${GUID}0`, 'a GUID too long'],
  [`${D365}?pagetype=entityrecord&etn=opportunity&id=%E0%A4%A`, 'broken percent-encoding'],
  [`${D365}?pagetype=entityrecord&etn=opportunity`, 'no id'],
  [`https://adatum.crm4.dynamics.com/main.aspx?etc=1&id=${GUID}&pagetype=entityrecord`, 'etc=1'],
  [
    `https://adatum.dynamics.com/main.aspx?pagetype=entityrecord&etn=opportunity&id=${GUID}`,
    'host',
  ],
  // Zoho CRM
  ['https://crm.zoho.com/crm/org712345678/tab/Accounts/5725767000000987001', 'an account'],
  ['https://crm.zoho.com/crm/org712345678/tab/Contacts/5725767000000555001', 'a contact'],
  ['https://crm.zoho.com/crm/org712345678/tab/Potentials/custom-view/572576700/list', 'a list'],
  ['https://crm.zoho.com/crm/org712345678/tab/Potentials/create', 'a new deal'],
  ['https://crm.zoho.example/crm/org712345678/tab/Potentials/5725767000001234001', 'not Zoho'],
  // Anything else
  ['https://example.com/deal/4821', 'another site'],
  ['not an address', 'not a URL'],
  ['', 'empty'],
  ['chrome://extensions', 'a browser page'],
];

describe('recogniseDealAddress', () => {
  it('has a table of at least 40 addresses across the five CRMs', () => {
    expect(DEALS.length + NOT_DEALS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(DEALS.map(([, found]) => found.crm)).size).toBe(5);
  });

  it.each(DEALS)('%s is a deal', (address, expected) => {
    expect(recogniseDealAddress(address)).toEqual(expected);
  });

  it.each(NOT_DEALS)('%s is not a deal (%s)', (address) => {
    expect(recogniseDealAddress(address)).toBeNull();
  });

  it('refuses an enormous address unread', () => {
    const padding = '&x='.padEnd(MAX_ADDRESS_LENGTH, 'a');
    const address = `https://bergmann.pipedrive.com/deal/4821?tab=notes${padding}`;
    expect(recogniseDealAddress(address)).toBeNull();
    expect(recogniseDealAddress(address.slice(0, MAX_ADDRESS_LENGTH))).not.toBeNull();
  });

  it('refuses a host longer than any DNS name, which no message to the panel could carry', () => {
    const host = `${'a'.repeat(60)}.`.repeat(5) + 'acme.com';
    expect(host.length).toBeGreaterThan(253);
    const deal = `https://${host}/deal/4821`;
    expect(recogniseDealAddress(deal, [{ host, crm: 'pipedrive' }])).toBeNull();
    const fits = host.slice(host.length - 253).replace(/^[.]+/, '');
    expect(
      recogniseDealAddress(`https://${fits}/deal/4821`, [{ host: fits, crm: 'pipedrive' }]),
    ).not.toBeNull();
  });
});

describe('a company’s own CRM host', () => {
  const ADDED = [
    { host: 'crm.acme.com', crm: 'dynamics' as const },
    { host: 'sales.acme.com', crm: 'salesforce' as const },
    { host: 'deals.acme.io', crm: 'pipedrive' as const },
    { host: 'hub.acme.com', crm: 'hubspot' as const },
    { host: 'zoho.acme.com', crm: 'zoho' as const },
  ];
  // [address, the deal it shows there, or null]
  const TABLE: [string, DealAddress | null][] = [
    // Deals, each read by the CRM the user named for that host.
    [
      `https://crm.acme.com/main.aspx?pagetype=entityrecord&etn=opportunity&id=%7B${UP}%7D`,
      deal('dynamics', GUID, 'crm.acme.com'),
    ],
    [
      `https://crm.acme.com/AcmeOrg/main.aspx?pagetype=entityrecord&etn=opportunity&id=${GUID}`,
      deal('dynamics', GUID, 'crm.acme.com'),
    ],
    [
      `https://crm.acme.com:8443/main.aspx?pagetype=entityrecord&etc=3&id=${GUID}`,
      deal('dynamics', GUID, 'crm.acme.com'),
    ],
    [
      `https://sales.acme.com/lightning/r/Opportunity/${SF18}/view`,
      deal('salesforce', SF18, 'sales.acme.com'),
    ],
    [`https://sales.acme.com/${SF}`, deal('salesforce', SF, 'sales.acme.com')],
    ['https://deals.acme.io/deal/42', deal('pipedrive', '42', 'deals.acme.io')],
    ['https://hub.acme.com/contacts/1234/record/0-3/987', deal('hubspot', '987', 'hub.acme.com')],
    [
      'https://zoho.acme.com/crm/org123/tab/Potentials/55500000001',
      deal('zoho', '55500000001', 'zoho.acme.com'),
    ],
    // The host name in capitals is the same host (the URL parser lowers it).
    ['https://DEALS.ACME.IO/deal/42', deal('pipedrive', '42', 'deals.acme.io')],
    // Added hosts' pages that are not deals.
    [`https://crm.acme.com/main.aspx?pagetype=entityrecord&etn=contact&id=${GUID}`, null],
    [`https://crm.acme.com/main.aspx?pagetype=entitylist&etn=opportunity`, null],
    ['https://sales.acme.com/lightning/r/Contact/003000000000001AAA/view', null],
    ['https://deals.acme.io/person/42', null],
    // Another CRM's deal path on an added host: only the CRM the user named is read there.
    ['https://crm.acme.com/deal/42', null],
    [`https://deals.acme.io/lightning/r/Opportunity/${SF18}/view`, null],
    // A host not added, however deal-like its path.
    [`https://other.acme.com/main.aspx?pagetype=entityrecord&etn=opportunity&id=${GUID}`, null],
    ['https://acme.com/deal/42', null],
    // Lookalikes: a longer or shorter name, a suffix, http.
    [
      `https://crm.acme.com.evil.example/main.aspx?pagetype=entityrecord&etn=opportunity&id=${GUID}`,
      null,
    ],
    [`https://evilcrm.acme.com/main.aspx?pagetype=entityrecord&etn=opportunity&id=${GUID}`, null],
    [`https://x.crm.acme.com/main.aspx?pagetype=entityrecord&etn=opportunity&id=${GUID}`, null],
    ['http://deals.acme.io/deal/42', null],
    // The public hosts are still read by their own CRM alone.
    [
      `https://fabrikam.lightning.force.com/lightning/r/Opportunity/${SF18}/view`,
      deal('salesforce', SF18, 'fabrikam.lightning.force.com'),
    ],
  ];

  it.each(TABLE)('%s', (address, expected) => {
    expect(recogniseDealAddress(address, ADDED)).toEqual(expected);
  });

  it('reads nothing on a company’s host until it is added', () => {
    for (const [address] of TABLE.slice(0, 8)) expect(recogniseDealAddress(address)).toBeNull();
  });

  it('knows the CRM of a pasted deal address by its path alone', () => {
    expect(
      crmOfDealPath(`https://x.example/main.aspx?pagetype=entityrecord&etn=opportunity&id=${GUID}`),
    ).toBe('dynamics');
    expect(crmOfDealPath(`https://x.example/lightning/r/Opportunity/${SF18}/view`)).toBe(
      'salesforce',
    );
    expect(crmOfDealPath('https://x.example/deal/42')).toBe('pipedrive');
    expect(crmOfDealPath('https://x.example/')).toBeNull();
    expect(crmOfDealPath('http://x.example/deal/42')).toBeNull();
  });

  it('knows the five CRMs’ public hosts', () => {
    for (const host of ['acme.my.salesforce.com', 'app-eu1.hubspot.com', 'acme.pipedrive.com']) {
      expect(isPublicCrmHost(host)).toBe(true);
    }
    expect(isPublicCrmHost('acme.crm4.dynamics.com')).toBe(true);
    expect(isPublicCrmHost('crm.zoho.eu')).toBe(true);
    expect(isPublicCrmHost('crm.acme.com')).toBe(false);
  });
});
