// Finding the tab's deal: by the record id first, and only when no record has it, by the name its
// title carries once the CRM's words are taken off, compared as the user reads names; a name two
// deals share, or a deal of another CRM host, is never taken.
import { describe, expect, it } from 'vitest';
import type { Deal, DealsList } from '../../../../electron/contract';
import { findDealByCrmRecord } from '../../../../electron/core/deals/by-record';

const HOST = 'acme.lightning.force.com';

function book(deals: Deal[], truncated = false) {
  const searches: (string | undefined)[] = [];
  const list = async (search?: string): Promise<DealsList> => {
    searches.push(search);
    const value =
      search === undefined || !truncated
        ? deals
        : deals.filter((d) => d.title.toLowerCase().includes(search.toLowerCase()));
    return {
      value: truncated && search === undefined ? deals.slice(0, 1) : value,
      fetchedAt: '2026-11-29T10:00:00.000Z',
      stale: false,
      truncated,
    };
  };
  return { list, searches };
}

const globex: Deal = {
  id: 'g',
  title: 'Globex – Q4 expansion',
  data: { Id: '0065g00000Q8xYzAAJ' },
};
const societe: Deal = { id: 's', title: 'Société Générale – Renouvellement', data: {} };

describe('finding the tab’s deal by its record, then by its title', () => {
  it('uses the record id first, and the title only when no record has the id', async () => {
    const other: Deal = { id: 'o', title: 'Initech renewal', data: {} };
    const { list } = book([other, globex]);
    const found = await findDealByCrmRecord(list, {
      crm: 'salesforce',
      recordId: '0065g00000Q8xYz',
      host: HOST,
      title: 'Initech renewal | Opportunity | Salesforce',
    });
    expect(found).toEqual({ deal: globex, matchedBy: 'record-id', host: 'unstated' });
  });

  it('finds a deal by a Salesforce title with its suffixes, and says it was by title', async () => {
    const { list } = book([globex, societe]);
    const found = await findDealByCrmRecord(list, {
      crm: 'salesforce',
      recordId: '0065g00000ZZZZZ',
      host: HOST,
      title: 'Globex – Q4 expansion | Opportunity | Salesforce',
    });
    expect(found).toEqual({ deal: globex, matchedBy: 'title', host: 'unstated' });
  });

  it('compares names folded by case and accents', async () => {
    const { list } = book([globex, societe]);
    const found = await findDealByCrmRecord(
      list,
      {
        crm: 'dynamics',
        recordId: '5a7e3b2c-91d4-ef11-8eea-000d3a4b5c6d',
        host: 'acme.crm4.dynamics.com',
        title: 'Opportunité : Informations : SOCIETE GENERALE – renouvellement - Dynamics 365',
      },
      'fr',
    );
    expect(found.deal).toBe(societe);
    expect(found.matchedBy).toBe('title');
  });

  it('takes no deal by a name two deals share, nor one naming another CRM host', async () => {
    const twin: Deal = { id: 'g2', title: 'globex – q4 expansion', data: {} };
    const input = {
      crm: 'salesforce' as const,
      recordId: '0065g00000ZZZZZ',
      host: HOST,
      title: 'Globex – Q4 expansion | Opportunity | Salesforce',
    };
    expect((await findDealByCrmRecord(book([globex, twin]).list, input)).deal).toBeNull();
    const foreign: Deal = {
      ...globex,
      data: { crm_url: 'https://other.lightning.force.com/lightning/r/Opportunity/x/view' },
    };
    expect((await findDealByCrmRecord(book([foreign]).list, input)).deal).toBeNull();
  });

  it('asks the service’s search by the name, not the whole title, when the app holds only part', async () => {
    const { list, searches } = book([societe, globex], true);
    const found = await findDealByCrmRecord(list, {
      crm: 'hubspot',
      recordId: '18235406571',
      host: 'app.hubspot.com',
      title: '(2) Globex – Q4 expansion | Deal | HubSpot',
    });
    expect(found.deal).toBe(globex);
    expect(searches).toContain('Globex – Q4 expansion');
    expect(searches).not.toContain('(2) Globex – Q4 expansion | Deal | HubSpot');
  });
});
