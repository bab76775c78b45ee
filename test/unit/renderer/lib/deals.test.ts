import { describe, expect, it } from 'vitest';
import { dealAmount, dealFields, humanStage } from '../../../../src/lib/deals';
import { humanizeKey, splitRunTogether } from '../../../../src/lib/format';
import { CRM_FIXTURES, dynamics, hubspot, salesforce } from '../../../support/crm-records';

describe('a deal as a salesperson reads it', () => {
  it('shows each CRM’s amount in its currency', () => {
    const shown = CRM_FIXTURES.map((f) => dealAmount({ data: f.record as never }, 'en-US'));
    expect(shown).toEqual(['€184,500', '$72,000', '€48,600', '£96,250', 'CA$31,800.50']);
  });

  it('humanises stage slugs, keeps stage names, and names numbered stages', () => {
    expect(humanStage('closed_won')).toBe('Closed won');
    expect(humanStage('presentationscheduled')).toBe('Presentation scheduled');
    expect(humanStage('qualifiedtobuy')).toBe('Qualified to buy');
    expect(humanStage('Proposal/Price Quote')).toBe('Proposal/Price Quote');
    expect(humanStage('3')).toBe('Stage 3');
    expect(humanStage('')).toBeUndefined();
  });

  it('labels run-together keys in words, and leaves other words alone', () => {
    expect(humanizeKey('dealname')).toBe('Deal name');
    expect(humanizeKey('estimatedclosedate')).toBe('Estimated close date');
    expect(humanizeKey('expected_close_date')).toBe('Expected close date');
    expect(humanizeKey('Deal_Name')).toBe('Deal name');
    expect(splitRunTogether('pineapple')).toBe('pineapple');
  });
});

describe('dealFields', () => {
  it('lifts HubSpot’s properties and folds its hs_ keys, archive flag and ids into More fields', () => {
    const { main, more } = dealFields(hubspot.record as never);
    expect(main.dealname).toBe('Contoso Pharma – Field sales assistant');
    expect(main.amount).toEqual({ amount: 72000, currency: 'USD' });
    expect(Object.keys(more).sort()).toEqual([
      'archived',
      'hs_lastmodifieddate',
      'hs_object_id',
      'hubspot_owner_id',
      'id',
      'serviceId',
    ]);
    expect(Object.keys(main).some((key) => /id$/i.test(key))).toBe(false);
  });

  it('folds Salesforce’s attributes and shows Dynamics lookups by their formatted names', () => {
    expect(Object.keys(dealFields(salesforce.record as never).more).sort()).toEqual([
      'AccountId',
      'Id',
      'OwnerId',
      'attributes',
    ]);
    const { main, more } = dealFields(dynamics.record as never);
    expect(main.parentaccount).toBe('Northwind Traders');
    expect(main.owner).toBe('Camille Dubois');
    expect(main.estimatedvalue).toEqual({ amount: 96250, currency: 'GBP' });
    expect(more['@odata.etag']).toBe('W/"4876321"');
    expect(Object.keys(main).some((k) => k.includes('@'))).toBe(false);
  });
});
