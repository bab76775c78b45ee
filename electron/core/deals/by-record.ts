// The deal a CRM page shows: by the record id the page's address carries, among the deals the app
// holds and, past them, the service's search; only when no record has the id, by the tab's title,
// when exactly one deal has the name the title carries (the CRM's own words taken off, names
// compared as a reader of the locale would). A deal whose record names another CRM host is
// another organisation's and is never matched; the answer says whether the host was confirmed or
// merely not stated.
import type { Deal, DealsList, FindByCrmRecordInput, FoundDeal } from '../../contract';
import { dealNameOfTabTitle, sameDealName } from '../../domain/records/tab-title';
import { findDealByRecord, hostCheck } from './record-ids';

/** The deals a search finds (no search: the deals the app holds), as `deals.list` answers. */
export type ListDeals = (search?: string) => Promise<DealsList>;

/** What the answer says of a matched deal's host (one that `differs` is never matched). */
function hostAnswer(deal: Deal, host: string): 'agrees' | 'unstated' {
  return hostCheck(deal, host) === 'agrees' ? 'agrees' : 'unstated';
}

/**
 * The one deal named `name` among `deals` (none when two share it, or it is another host's), or
 * `ambiguous` when several do: a name two deals share names neither.
 */
function onlyNamed(
  deals: readonly Deal[],
  name: string,
  host: string,
  locale: string | undefined,
): Deal | 'ambiguous' | undefined {
  const named = deals.filter(
    (d) => sameDealName(d.title, name, locale) && hostCheck(d, host) !== 'differs',
  );
  const ids = new Set(named.map((d) => d.id));
  if (ids.size > 1) return 'ambiguous';
  return named[0];
}

/** The names a tab's title may give its deal: the CRM's words taken off first, then the whole. */
function namesInTitle(title: string): string[] {
  const names = [dealNameOfTabTitle(title), title.trim()].filter((name) => name !== '');
  return [...new Set(names)];
}

export async function findDealByCrmRecord(
  listDeals: ListDeals,
  { crm, recordId, host, title }: FindByCrmRecordInput,
  /** The user's language, for comparing names (Intl's default when not given). */
  locale?: string,
): Promise<FoundDeal> {
  const held = await listDeals();
  let deal = findDealByRecord(held.value, crm, recordId, host);
  if (deal === undefined && held.truncated === true) {
    deal = findDealByRecord((await listDeals(recordId)).value, crm, recordId, host);
  }
  if (deal !== undefined) return { deal, matchedBy: 'record-id', host: hostAnswer(deal, host) };
  for (const name of title === undefined ? [] : namesInTitle(title)) {
    // The deals held first (compared folded, which a service's search may not do), then, when the
    // app holds only part of them, the service's search by the name.
    let only = onlyNamed(held.value, name, host, locale);
    if (only === undefined && held.truncated === true) {
      only = onlyNamed((await listDeals(name)).value, name, host, locale);
    }
    if (only === 'ambiguous') break;
    if (only !== undefined) return { deal: only, matchedBy: 'title', host: hostAnswer(only, host) };
  }
  return { deal: null, matchedBy: null, host: null };
}
