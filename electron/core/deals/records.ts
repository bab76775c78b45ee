// The API client's deal records as the contract's deals (their account and stage read by role),
// and the search as you type over them.
import type { Deal } from '../../contract';
import { inferRoles } from '../../domain/records/roles';
import { toDisplayRecord } from '../api/contract-records';
import type { ResourceRecord } from '../api/lists';

export function toDeal(record: ResourceRecord): Deal {
  const base = toDisplayRecord(record);
  const { account, stage } = inferRoles(record.data, 'deal');
  return {
    ...base,
    ...(account === undefined ? {} : { account }),
    ...(stage === undefined ? {} : { stage }),
  };
}

/**
 * Each deal's lowercased text, kept while the deal object lives: the cached list hands out the
 * same objects until it is fetched again, so thousands of deals are not walked on every keystroke.
 */
const searchableTexts = new WeakMap<Deal, string>();

function searchableText(deal: Deal): string {
  let text = searchableTexts.get(deal);
  if (text === undefined) {
    text = buildSearchableText(deal);
    searchableTexts.set(deal, text);
  }
  return text;
}

function buildSearchableText(deal: Deal): string {
  const parts: string[] = [deal.title, deal.subtitle ?? '', deal.account ?? '', deal.stage ?? ''];
  const walk = (value: unknown, depth: number) => {
    if (typeof value === 'string') parts.push(value);
    else if (depth < 3 && typeof value === 'object' && value !== null) {
      for (const child of Object.values(value)) walk(child, depth + 1);
    }
  };
  walk(deal.data, 0);
  return parts.join('\n').toLowerCase();
}

/** All words of `search` must appear (in name, account, stage or any other text field). */
export function filterDeals(deals: Deal[], search: string | undefined): Deal[] {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return deals;
  return deals.filter((deal) => {
    const haystack = searchableText(deal);
    return words.every((word) => haystack.includes(word));
  });
}
