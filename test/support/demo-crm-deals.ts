// The demo service's deals as each CRM profile shapes them, with the record id that CRM's web app
// shows in a deal's address (Salesforce Lightning: the 15-character form; Dynamics: a GUID in
// braces, upper case), so a test can go from an address to the deal the app holds.
import type { Deal } from '../../electron/contract';
import type { Crm } from '../../electron/core/deals/crm-id';
import { displayHints } from '../../electron/core/api/display';
import { toDeal } from '../../electron/core/deals/records';
import { buildDeals } from '../../electron/demo-service/data/deals';
import { shapeDeal } from '../../electron/demo-service/data/profiles';

export interface DemoCrmDeal {
  crm: Crm;
  deal: Deal;
  /** The id as the CRM's address carries it. */
  shownId: string;
}

function shownId(crm: Crm, record: Record<string, unknown>): string {
  switch (crm) {
    case 'salesforce':
      return String(record.Id).slice(0, 15);
    case 'dynamics':
      return `{${String(record.opportunityid).toUpperCase()}}`;
    default:
      return String(record.id);
  }
}

/** A few deals of each profile (all of them with `count`). */
export function demoCrmDeals(count = 5): DemoCrmDeal[] {
  const deals = buildDeals(new Date('2026-11-27T09:00:00Z')).slice(0, count);
  const crms: Crm[] = ['salesforce', 'hubspot', 'pipedrive', 'dynamics', 'zoho'];
  return crms.flatMap((crm) =>
    deals.map((detail) => {
      const record = shapeDeal(crm, detail, false);
      return {
        crm,
        deal: toDeal({ data: record, display: displayHints(record, 'deal') }),
        shownId: shownId(crm, record),
      };
    }),
  );
}
