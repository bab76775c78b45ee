// Everything under the API base path: injected faults, authentication, the request quota and
// counting, then routing. Order matters: an unauthenticated caller learns nothing and costs
// nothing (no body is read), and GET /usage/summary stays reachable when the request quota is
// used up, so a client can show why it is being refused.
import { getMeetingBriefing, getMorningBriefing } from './api-briefings';
import { getDeal, listDeals } from './api-deals';
import { getMetadata, listAgents } from './api-meta';
import { cancelRun, createRun, getRun, listRuns } from './api-runs';
import { streamRun } from './api-stream';
import { getUsageSummary, quotaExceeded } from './api-usage';
import { readCookie } from './http/cookies';
import { ApiError } from './http/envelope';
import { methodNotAllowed, routeNotFound, unauthorized } from './http/errors';
import { Router } from './http/router';
import { BASE_PATH, SESSION_COOKIE } from './options';
import type { Handler, RequestContext } from './state';

export const apiRoutes = new Router<Handler>()
  .add('GET', '', getMetadata)
  .add('GET', '/agents', listAgents)
  .add('GET', '/deals', listDeals)
  .add('GET', '/deals/:dealId', getDeal)
  .add('GET', '/briefings/morning', getMorningBriefing)
  .add('GET', '/briefings/meeting', getMeetingBriefing)
  .add('GET', '/runs', listRuns)
  .add('POST', '/runs', createRun)
  .add('GET', '/runs/:runId', getRun)
  .add('DELETE', '/runs/:runId', cancelRun)
  .add('GET', '/runs/:runId/stream', streamRun)
  .add('GET', '/usage/summary', getUsageSummary);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function handleApi(ctx: RequestContext): Promise<void> {
  const { req, state } = ctx;
  const method = req.method ?? 'GET';

  const delay = state.faults.takeDelay();
  if (delay !== undefined) await sleep(delay);
  const fault = state.faults.takeFailure();
  if (fault !== undefined) {
    throw new ApiError({
      status: fault.status,
      code: fault.code,
      message: fault.message,
      headers:
        fault.retryAfterSeconds === null ? {} : { 'Retry-After': String(fault.retryAfterSeconds) },
    });
  }

  const session = state.sessions.check(readCookie(req.headers.cookie, SESSION_COOKIE));
  if (!session.ok) throw unauthorized(session.reason);

  if (!(method === 'GET' && ctx.path === '/usage/summary')) {
    const hit = state.usage.exceeded(['requests']);
    if (hit !== undefined) throw quotaExceeded(hit);
  }
  state.usage.countRequest();

  const match = apiRoutes.match(method, ctx.path);
  if (match.kind === 'not_found') throw routeNotFound(`${BASE_PATH}${ctx.path}`);
  if (match.kind === 'method_not_allowed') throw methodNotAllowed(method, match.allow);
  // The session owns the runs it creates: another session, even of the same email, never sees them.
  await match.handler({ ...ctx, params: match.params, owner: session.session.owner });
}
