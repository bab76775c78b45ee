// The deals as the API serves them: built once per UTC day, in pipeline order, searchable
// without regard to case or accents.
import { buildDeals, OPEN_STAGES } from './deals';
import type { DealDetail, DealStage, DealSummary } from './deals';
import { fold, isoDate, startOfDay } from './text';

/** All deals in pipeline order (see pipelineOrder). Cached per UTC day. */
export class DealBook {
  private cache: { day: string; deals: DealDetail[] } | undefined;

  constructor(
    private readonly now: () => Date,
    /** How many deals; default one per account. */
    private readonly count?: number,
  ) {}

  all(): DealDetail[] {
    const today = startOfDay(this.now());
    const day = isoDate(today);
    if (this.cache?.day !== day) {
      const deals = buildDeals(today, this.count);
      deals.sort(pipelineOrder);
      this.cache = { day, deals };
    }
    return this.cache.deals;
  }

  get(id: string): DealDetail | undefined {
    const wanted = id.toLowerCase();
    return this.all().find((deal) => deal.id === wanted);
  }

  search(options: { search?: string; stage?: DealStage }): DealDetail[] {
    const needle = options.search === undefined ? '' : fold(options.search.trim());
    return this.all().filter((deal) => {
      if (options.stage !== undefined && deal.stage !== options.stage) return false;
      if (needle === '') return true;
      return [deal.name, deal.account, deal.city, deal.stage.replace('_', ' '), deal.stage].some(
        (field) => fold(field).includes(needle),
      );
    });
  }
}

export function toSummary(deal: DealDetail): DealSummary {
  const {
    notes: _n,
    products: _p,
    discountPercent: _d,
    competitors: _c,
    risks: _r,
    activities: _a,
    ...summary
  } = deal;
  return summary;
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Open deals first, soonest close date first; then closed deals, most recent first; then name. */
function pipelineOrder(a: DealDetail, b: DealDetail): number {
  const aOpen = OPEN_STAGES.includes(a.stage);
  const bOpen = OPEN_STAGES.includes(b.stage);
  if (aOpen !== bOpen) return aOpen ? -1 : 1;
  const byDate = aOpen ? compare(a.closeDate, b.closeDate) : compare(b.closeDate, a.closeDate);
  return byDate || compare(a.name, b.name);
}
