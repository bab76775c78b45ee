import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  type Crm,
  canonicalRecordId,
  canonicalSalesforceId,
  recordIdMatch,
  salesforceChecksum,
  sameRecord,
} from '../../../../electron/core/deals/crm-id';
import { canonicalGuid } from '../../../../electron/domain/records/crm-guid';
import {
  dealIsRecord,
  findDealByRecord,
  hostCheck,
  recordHostsOf,
  recordIdsOf,
} from '../../../../electron/core/deals/record-ids';
import { toDeal } from '../../../../electron/core/deals/records';
import { displayHints } from '../../../../electron/core/api/display';
import { CRM_FIXTURES } from '../../../support/crm-records';
import { demoCrmDeals } from '../../../support/demo-crm-deals';

const ALNUM = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'];
const id15 = fc
  .array(fc.constantFrom(...ALNUM), { minLength: 15, maxLength: 15 })
  .map((c) => c.join(''));

describe('Salesforce ids', () => {
  it('computes the 18-character suffix Salesforce documents', () => {
    // Ids as Salesforce shows them in both forms.
    expect(salesforceChecksum('0065g00000Q8xYz')).toBe('AAJ');
    expect(salesforceChecksum('001D000000IqhSL')).toBe('IAZ');
    expect(salesforceChecksum('a0B5g000001AbCd')).toBe('EAK');
    expect(salesforceChecksum('000000000000000')).toBe('AAA');
    expect(salesforceChecksum('ZZZZZZZZZZZZZZZ')).toBe('555');
  });

  it('takes the 15- and 18-character forms for the same record', () => {
    expect(sameRecord('salesforce', '0065g00000Q8xYz', '0065g00000Q8xYzAAJ')).toBe(true);
    expect(sameRecord('salesforce', '001D000000IqhSLIAZ', '001D000000IqhSL')).toBe(true);
    // The 18-character form survives a loss of case; the 15-character one does not.
    expect(sameRecord('salesforce', '001d000000iqhsliaz', '001D000000IqhSL')).toBe(true);
    expect(sameRecord('salesforce', '001d000000iqhsl', '001D000000IqhSL')).toBe(false);
  });

  it('tells apart ids that differ only in case (15 characters) or in the suffix', () => {
    expect(sameRecord('salesforce', '0065g00000Q8xYz', '0065g00000Q8xyz')).toBe(false);
    expect(canonicalSalesforceId('0065g00000Q8xYzAAA')).toBeNull();
    expect(canonicalSalesforceId('000000000000000BAA')).toBeNull();
    // Not an id by the checksum, but its first 15 characters are the 15-character address's.
    expect(sameRecord('salesforce', '0065g00000Q8xYzAAA', '0065g00000Q8xYz')).toBe(true);
    expect(recordIdMatch('salesforce', '0065g00000Q8xYzAAA', '0065g00000Q8xYz')).toBe(
      'salesforce-15',
    );
    // Two 18-character ids that differ in the suffix are two ids.
    expect(sameRecord('salesforce', '0065g00000Q8xYzAAA', '0065g00000Q8xYzAAJ')).toBe(false);
    expect(sameRecord('salesforce', '0065g00000Q8xyz', '0065g00000Q8xYzAAJ')).toBe(false);
  });

  it('finds an 18-character id without a valid checksum that equals a stored id', () => {
    // A service minting its own Salesforce-shaped ids computes no checksum.
    const minted = 'a0Xq000000AbCdEfGh';
    expect(canonicalSalesforceId(minted)).toBeNull();
    expect(recordIdMatch('salesforce', minted, minted)).toBe('exact');
    const deal = { id: 'svc-1', title: 'Minted', data: { Id: minted } };
    expect(findDealByRecord([deal], 'salesforce', minted, 'acme.lightning.force.com')).toBe(deal);
    expect(
      findDealByRecord([deal], 'salesforce', minted.slice(0, 15), 'acme.lightning.force.com'),
    ).toBe(deal);
  });

  it('prefers an exact id, then the 15-character form, then the checksum, wherever each deal is', () => {
    const folded = { id: 'f', title: 'By checksum', data: { Id: '0065g00000q8xyzaaj' } };
    const long = { id: 'l', title: 'By 15 characters', data: { Id: '0065g00000Q8xYzAAJ' } };
    const exact = { id: 'e', title: 'Exact', data: { Id: '0065g00000Q8xYz' } };
    const host = 'acme.lightning.force.com';
    expect(findDealByRecord([folded, long, exact], 'salesforce', '0065g00000Q8xYz', host)).toBe(
      exact,
    );
    expect(findDealByRecord([folded, long], 'salesforce', '0065g00000Q8xYz', host)).toBe(long);
    expect(findDealByRecord([folded], 'salesforce', '0065g00000Q8xYz', host)).toBe(folded);
    expect(findDealByRecord([folded, long], 'salesforce', '0065g00000q8xyzaaj', host)).toBe(folded);
  });

  it('refuses what is not an id', () => {
    for (const text of [
      '',
      '0065g00000Q8xY',
      '0065g00000Q8xYzAA',
      '0065g00000Q8xY-',
      'x'.repeat(400),
    ]) {
      expect(canonicalSalesforceId(text)).toBeNull();
    }
  });

  it('round-trips any 15-character id through its 18-character form, whatever its case', () => {
    fc.assert(
      fc.property(id15, (id) => {
        const long = canonicalSalesforceId(id);
        expect(long).toBe(id + salesforceChecksum(id));
        expect(canonicalSalesforceId((long ?? '').toLowerCase())).toBe(long);
        expect(canonicalSalesforceId((long ?? '').toUpperCase())).toBe(long);
      }),
    );
  });
});

describe('Dynamics GUIDs', () => {
  const guid = '5a7e3b2c-91d4-ef11-8eea-000d3a4b5c6d';
  it.each([
    guid,
    guid.toUpperCase(),
    `{${guid}}`,
    `{${guid.toUpperCase()}}`,
    `%7B${guid}%7D`,
    `%7b${guid.toUpperCase()}%7d`,
    `%257B${guid}%257D`,
    ` ${guid} `,
  ])('reads %s as the same GUID', (form) => {
    expect(canonicalGuid(form)).toBe(guid);
    expect(sameRecord('dynamics', form, `{${guid}}`)).toBe(true);
  });

  it.each([
    '',
    '5a7e3b2c91d4ef118eea000d3a4b5c6d',
    '{5a7e3b2c-91d4-ef11-8eea-000d3a4b5c6d',
    'zz7e3b2c-91d4-ef11-8eea-000d3a4b5c6d',
    '%E0%A4%A',
    `${guid}-0`,
  ])('refuses %s', (form) => {
    expect(canonicalGuid(form)).toBeNull();
  });

  it('tells two GUIDs apart', () => {
    expect(sameRecord('dynamics', guid, '5a7e3b2c-91d4-ef11-8eea-000d3a4b5c6e')).toBe(false);
  });
});

describe('numeric ids (HubSpot, Pipedrive, Zoho)', () => {
  it('compares digits exactly and refuses anything else', () => {
    expect(sameRecord('hubspot', '18235406571', ' 18235406571')).toBe(true);
    expect(sameRecord('pipedrive', '4821', '4822')).toBe(false);
    expect(canonicalRecordId('zoho', '5725767000001234001x')).toBeNull();
    expect(canonicalRecordId('zoho', '9'.repeat(31))).toBeNull();
  });
});

describe('finding a deal by its CRM record', () => {
  it('finds each CRM fixture by the id its web app shows, and not by a relation’s id', () => {
    const ownIds: Record<string, string> = {
      salesforce: '0065g00000Q8xYz',
      hubspot: '18235406571',
      pipedrive: '4821',
      dynamics: '{5A7E3B2C-91D4-EF11-8EEA-000D3A4B5C6D}',
      zoho: '5725767000001234001',
    };
    const deals = CRM_FIXTURES.map((fixture) =>
      toDeal({ data: fixture.record, display: displayHints(fixture.record, 'deal') }),
    );
    for (const fixture of CRM_FIXTURES) {
      const crm = fixture.crm as Crm;
      const found = findDealByRecord(deals, crm, ownIds[crm] ?? '', 'acme.example');
      expect(found?.title, fixture.crm).toBe(fixture.expected.title);
    }
    expect(
      findDealByRecord(deals, 'salesforce', '0015g00000LmNoP', 'acme.example'),
    ).toBeUndefined();
    expect(findDealByRecord(deals, 'pipedrive', '13020971', 'acme.example')).toBeUndefined();
    expect(findDealByRecord(deals, 'zoho', '5725767000000987001', 'acme.example')).toBeUndefined();
  });

  it('reads ids inside the usual wrappers and in any naming convention', () => {
    expect(
      recordIdsOf({ properties: { hs_object_id: '77' }, Deal_ID: 'D-1', owner_id: 5 }),
    ).toEqual(['77', 'D-1']);
    expect(recordIdsOf({ OpportunityId: 'x', AccountId: 'y', id: 1.5 })).toEqual(['x']);
    expect(recordIdsOf('not a record')).toEqual([]);
  });

  it('finds every demo profile’s deal by the id its CRM would show', () => {
    for (const { crm, deal, shownId } of demoCrmDeals()) {
      expect(dealIsRecord(deal, crm, shownId), `${crm} ${shownId}`).toBe(true);
    }
  });

  it('does not take another organisation’s record for the tab’s: a record naming its CRM host must name the tab’s', () => {
    const own = {
      id: 'd1',
      title: 'Ours',
      data: { id: 41448, crm_url: 'https://acme.pipedrive.com/deal/41448' },
    };
    const unstated = { id: 'd2', title: 'Unsaid', data: { id: 41449 } };
    expect(hostCheck(own, 'acme.pipedrive.com')).toBe('agrees');
    expect(hostCheck(own, 'ACME.pipedrive.com')).toBe('agrees');
    expect(hostCheck(own, 'attacker-trial.pipedrive.com')).toBe('differs');
    expect(hostCheck(unstated, 'attacker-trial.pipedrive.com')).toBe('unstated');
    expect(findDealByRecord([own], 'pipedrive', '41448', 'acme.pipedrive.com')).toBe(own);
    expect(
      findDealByRecord([own], 'pipedrive', '41448', 'attacker-trial.pipedrive.com'),
    ).toBeUndefined();
    // The service says nothing of a host: the id matches, and the panel decides by the hosts seen.
    expect(findDealByRecord([unstated], 'pipedrive', '41449', 'attacker-trial.pipedrive.com')).toBe(
      unstated,
    );
  });

  it('reads only web-app addresses as the record’s host, not API hosts, relative paths or websites', () => {
    expect(
      recordHostsOf({
        properties: { record_url: 'https://app.hubspot.com/contacts/1/record/0-3/2' },
        instance_url: 'https://acme.my.salesforce.com',
        '@odata.context': 'https://acme.api.crm4.dynamics.com/api/data/v9.2/$metadata',
        url: 'https://acme.example/',
        attributes: { url: '/services/data/v60.0/sobjects/Opportunity/006' },
        crmUrl: 'not an address',
      }),
    ).toEqual(['app.hubspot.com']);
    for (const fixture of CRM_FIXTURES)
      expect(recordHostsOf(fixture.record), fixture.crm).toEqual([]);
  });
});
