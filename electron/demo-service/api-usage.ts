// GET /usage/summary (spec 2.4) and the 429 every quota check answers with.
import { ApiError, sendData } from './http/envelope';
import type { Handler } from './state';
import type { QuotaHit } from './usage/meter';

export const getUsageSummary: Handler = ({ res, requestId, state }) => {
  sendData(res, requestId, state.usage.summary());
};

export function quotaExceeded(hit: QuotaHit): ApiError {
  return new ApiError({
    status: 429,
    code: 'quota_exceeded',
    message: `The ${hit.quota} quota for this billing period is used up (${hit.used} of ${hit.limit}). It resets at ${hit.resetsAt}.`,
    extra: { quota: hit.quota, limit: hit.limit, used: hit.used, resetsAt: hit.resetsAt },
  });
}
