// The request listener: gives each request an id (echoed as X-Request-Id and in every envelope),
// refuses one addressed to another host name or sent by another site's page (http/reachable),
// sends the rest to the API or the sign-in pages, turns anything thrown into an error envelope,
// and logs one line per request. The log never contains cookies or request bodies.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleApi } from './api';
import { sendError, toApiError } from './http/envelope';
import { routeNotFound } from './http/errors';
import { unreachableBy } from './http/reachable';
import { BASE_PATH } from './options';
import { handleSite } from './site';
import type { RequestContext, ServiceState } from './state';

function normalise(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

export function createListener(
  state: ServiceState,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const requestId = `req_${randomUUID()}`;
    const started = performance.now();
    res.setHeader('X-Request-Id', requestId);
    const target = req.url ?? '/';
    res.on('close', () => {
      const ms = Math.round(performance.now() - started);
      const status = res.headersSent ? res.statusCode : 0;
      const pathOnly = target.split('?')[0] ?? target;
      state.log(
        `${new Date().toISOString()} ${requestId} ${req.method ?? '-'} ${pathOnly.slice(0, 200)} ${status} ${ms}ms`,
      );
    });

    const fail = (err: unknown): void => {
      const apiError = toApiError(err);
      if (apiError.status >= 500 && apiError.code === 'internal_error') {
        state.log(
          `${requestId} unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
        );
      }
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendError(res, requestId, apiError);
    };

    const refusal = unreachableBy(req, state.reachable);
    if (refusal !== undefined) {
      fail(refusal);
      return;
    }

    let url: URL;
    try {
      // Only origin-form targets ("/path?query"); the fixed base keeps "//host" from being read as a host.
      if (!target.startsWith('/')) throw routeNotFound(target.slice(0, 100));
      url = new URL(`http://demo.invalid${target}`);
    } catch (err) {
      fail(err);
      return;
    }

    const path = normalise(url.pathname);
    const inApi = path === BASE_PATH || path.startsWith(`${BASE_PATH}/`);
    const ctx: RequestContext = {
      req,
      res,
      requestId,
      url,
      path: inApi ? path.slice(BASE_PATH.length) : path,
      params: {},
      state,
    };
    (inApi ? handleApi(ctx) : handleSite(ctx)).catch(fail);
  };
}
