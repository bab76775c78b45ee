// GET /deals (search, stage filter, paging) and GET /deals/{dealId}, in the profile's shape.
import { toSummary } from './data/deal-book';
import { DEAL_STAGES } from './data/deals';
import type { DealDetail } from './data/deals';
import { shapeDeal } from './data/profiles';
import type { Profile } from './data/profiles';
import { ApiError, sendData } from './http/envelope';
import { oneOf, paging, text } from './http/query';
import type { Handler } from './state';

export const listDeals: Handler = ({ res, requestId, url, state }) => {
  const page = paging(url.searchParams);
  const param = state.options.searchParam;
  const search = param === 'none' ? undefined : text(url.searchParams, param, 200);
  const stage = oneOf(url.searchParams, 'stage', DEAL_STAGES);
  const found = state.deals.search({
    ...(search === undefined ? {} : { search }),
    ...(stage === undefined ? {} : { stage }),
  });
  sendData(res, requestId, {
    items: found
      .slice(page.offset, page.offset + page.limit)
      .map((deal) => shaped(state.options.profile, deal, false)),
    total: found.length,
    limit: page.limit,
    offset: page.offset,
  });
};

export const getDeal: Handler = ({ res, requestId, params, state }) => {
  const id = params.dealId ?? '';
  const deal = state.deals.get(id);
  if (deal === undefined) {
    throw new ApiError({
      status: 404,
      code: 'deal_not_found',
      message: `No deal with id "${id.slice(0, 64)}".`,
    });
  }
  sendData(res, requestId, shaped(state.options.profile, deal, true));
};

function shaped(profile: Profile, deal: DealDetail, detail: boolean): object {
  if (profile === 'default') return detail ? deal : toSummary(deal);
  return shapeDeal(profile, deal, detail);
}
