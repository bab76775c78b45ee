// GET /deals (search, stage filter, paging) and GET /deals/{dealId}.
import { toSummary } from './data/deal-book';
import { DEAL_STAGES } from './data/deals';
import { ApiError, sendData } from './http/envelope';
import { oneOf, paging, text } from './http/query';
import type { Handler } from './state';

export const listDeals: Handler = ({ res, requestId, url, state }) => {
  const page = paging(url.searchParams);
  const search = text(url.searchParams, 'search', 200);
  const stage = oneOf(url.searchParams, 'stage', DEAL_STAGES);
  const found = state.deals.search({
    ...(search === undefined ? {} : { search }),
    ...(stage === undefined ? {} : { stage }),
  });
  sendData(res, requestId, {
    items: found.slice(page.offset, page.offset + page.limit).map(toSummary),
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
  sendData(res, requestId, deal);
};
