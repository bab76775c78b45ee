// The deal list as a salesperson reads it: sorted by close date, amount or last activity, filtered
// to a stage (or the open ones), and each name cut to the part that tells deals of one account
// apart, since the row shows the account anyway. Pure.
import type { Deal } from '../../electron/contract';
import type { MessageId } from '../../electron/domain/i18n/messages';
import type { Translator } from '../../electron/domain/i18n/translator';
import { dealRoles, humanStage } from './deals';

/** The sorts offered, each with its label's message. */
export const DEAL_SORTS = [
  { value: 'close', label: 'deals.view.sortClose' },
  { value: 'amount', label: 'deals.view.sortAmount' },
  { value: 'activity', label: 'deals.view.sortActivity' },
] as const satisfies readonly { value: string; label: MessageId }[];
export type DealSort = (typeof DEAL_SORTS)[number]['value'];

/**
 * '' for every stage, OPEN_DEALS for the stages not closed, else a stage as `humanStage` says it
 * (in the language in use: a filter set before a language switch may then match nothing, and the
 * list says so).
 */
export const OPEN_DEALS = 'open';

export interface ListView {
  sort: DealSort;
  stage: string;
}

function isClosed(stage: string | undefined): boolean {
  return /closed|won|lost/i.test(stage ?? '');
}

function stageOf(deal: Deal, t: Translator['t']): string | undefined {
  return humanStage(deal.stage ?? dealRoles(deal).stage, t);
}

// The usual pipeline order; other stages follow in the order the deals bring them.
const PIPELINE = ['prospect', 'qualif', 'propos', 'negotia', 'won', 'lost'];

function pipelineRank(stage: string): number {
  const i = PIPELINE.findIndex((word) => stage.toLowerCase().includes(word));
  return i < 0 ? PIPELINE.length : i;
}

/** The stages among `deals`, in pipeline order. */
export function stagesOf(deals: readonly Deal[], t: Translator['t']): string[] {
  const seen = new Set<string>();
  for (const deal of deals) {
    const stage = stageOf(deal, t);
    if (stage !== undefined) seen.add(stage);
  }
  return [...seen].sort((a, b) => pipelineRank(a) - pipelineRank(b));
}

export function matchesStage(deal: Deal, stage: string, t: Translator['t']): boolean {
  if (stage === '') return true;
  const own = stageOf(deal, t);
  return stage === OPEN_DEALS ? !isClosed(own) : own === stage;
}

/** Past every date (year 2286), so closed deals sort after the open ones. */
const CLOSED_AFTER = 1e13;

function sortKey(deal: Deal, sort: DealSort, t: Translator['t']): number {
  const roles = dealRoles(deal);
  switch (sort) {
    case 'close': {
      // Open deals by the close date ahead; closed ones after them, the latest closed first.
      const at = Date.parse(roles.closeDate ?? '');
      if (Number.isNaN(at)) return Number.POSITIVE_INFINITY;
      return isClosed(stageOf(deal, t)) ? CLOSED_AFTER - at : at;
    }
    case 'amount':
      return -(roles.amount ?? Number.NEGATIVE_INFINITY);
    case 'activity':
      return -(Date.parse(roles.updatedAt ?? '') || Number.NEGATIVE_INFINITY);
  }
}

/**
 * The deals shown: those of the stage, sorted, unless `ranked` (a search's results, best match
 * first, which Enter opens), which keep their order.
 */
export function viewDeals(
  deals: readonly Deal[],
  view: ListView,
  ranked: boolean,
  t: Translator['t'],
): Deal[] {
  const kept = deals.filter((deal) => matchesStage(deal, view.stage, t));
  if (ranked) return kept;
  const keyed = kept.map((deal) => ({ deal, key: sortKey(deal, view.sort, t) }));
  // Stable: deals with the same key keep the service's order.
  return keyed.sort((a, b) => a.key - b.key).map((k) => k.deal);
}

/**
 * A deal's name as the row shows it: `prefix` is the account and separator the name starts with
 * ("Léman Horlogerie SA – "), `rest` the part that tells this deal apart.
 */
export function splitTitle(
  title: string,
  account: string | undefined,
): { prefix: string; rest: string } {
  if (account === undefined || account === '' || !title.startsWith(account)) {
    return { prefix: '', rest: title };
  }
  const after = /^\s*[–—:|/·-]\s*/.exec(title.slice(account.length));
  if (!after) return { prefix: '', rest: title };
  const cut = account.length + after[0].length;
  const rest = title.slice(cut);
  return rest.trim() === '' ? { prefix: '', rest: title } : { prefix: title.slice(0, cut), rest };
}
