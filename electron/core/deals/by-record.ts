// The deal a CRM page shows: by the record id the page's address carries, among the deals the app
// holds and, past them, the service's search; failing that by the tab's title, when exactly one
// deal has that name. A deal whose record names another CRM host is another organisation's and
// is never matched; the answer says whether the host was confirmed or merely not stated.
import type { Deal, DealsList, FindByCrmRecordInput, FoundDeal } from '../../contract';
import { findDealByRecord, hostCheck } from './record-ids';

/** The deals a search finds (no search: the deals the app holds), as `deals.list` answers. */
export type ListDeals = (search?: string) => Promise<DealsList>;

/** What the answer says of a matched deal's host (one that `differs` is never matched). */
function hostAnswer(deal: Deal, host: string): 'agrees' | 'unstated' {
  return hostCheck(deal, host) === 'agrees' ? 'agrees' : 'unstated';
}

export async function findDealByCrmRecord(
  listDeals: ListDeals,
  { crm, recordId, host, title }: FindByCrmRecordInput,
): Promise<FoundDeal> {
  const held = await listDeals();
  let deal = findDealByRecord(held.value, crm, recordId, host);
  if (deal === undefined && held.truncated === true) {
    deal = findDealByRecord((await listDeals(recordId)).value, crm, recordId, host);
  }
  if (deal !== undefined) return { deal, matchedBy: 'record-id', host: hostAnswer(deal, host) };
  if (title !== undefined) {
    const named = (await listDeals(title)).value.filter(
      (d) => d.title.toLowerCase() === title.toLowerCase() && hostCheck(d, host) !== 'differs',
    );
    // A name two deals share names neither.
    const only = named.length === 1 ? named[0] : undefined;
    if (only !== undefined) return { deal: only, matchedBy: 'title', host: hostAnswer(only, host) };
  }
  return { deal: null, matchedBy: null, host: null };
}
