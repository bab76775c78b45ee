// Finding runs by what a salesperson remembers (the deal, the agent, the status, words of the
// question) over a service whose run list only pages (spec §4.5): pages are read newest first
// until enough runs match or `scan` runs were read, and the answer says how far it looked.
import type { RunRecord, RunsFindInput, RunsFound, RunsPage } from '../../contract';
import { dealIdFromRecord, questionFromRecord } from '../../domain/runs/record-text';

export const PAGE_SIZE = 100;
export const DEFAULT_SCAN = 500;

export type ListPage = (offset: number, limit: number) => Promise<RunsPage>;

/** Case and accents ignored: "reunion" finds "Réunion". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function runMatches(run: RunRecord, filter: RunsFindInput): boolean {
  if (filter.status !== undefined && run.status !== filter.status) return false;
  if (filter.agentId !== undefined && run.agentId !== filter.agentId) return false;
  if (filter.dealId !== undefined && dealIdFromRecord(run.data) !== filter.dealId) return false;
  if (filter.query !== undefined) {
    const question = questionFromRecord(run.data);
    if (question === undefined) return false;
    const haystack = fold(question);
    return fold(filter.query)
      .split(/\s+/)
      .filter((word) => word !== '')
      .every((word) => haystack.includes(word));
  }
  return true;
}

export async function findRuns(listPage: ListPage, filter: RunsFindInput): Promise<RunsFound> {
  const scan = filter.scan ?? DEFAULT_SCAN;
  const items: RunRecord[] = [];
  const seen = new Set<string>();
  let scanned = 0;
  let complete = false;
  while (scanned < scan && items.length < filter.limit) {
    const page = await listPage(scanned, Math.min(PAGE_SIZE, scan - scanned));
    for (const run of page.items) {
      // A run created while paging shifts the list by one: never list it twice.
      if (seen.has(run.runId)) continue;
      seen.add(run.runId);
      if (items.length < filter.limit && runMatches(run, filter)) items.push(run);
    }
    scanned += page.items.length;
    if (!page.hasMore || page.items.length === 0) {
      complete = true;
      break;
    }
  }
  return { items, scanned, complete };
}
