// GET /runs/{runId}/stream: replays the run's events after Last-Event-ID (header, or the
// lastEventId query parameter for clients that cannot set headers), then follows the run live
// and closes after the final `done` event.
import { ownerOf, runNotFound } from './api-runs';
import { invalidParameter } from './http/errors';
import { single } from './http/query';
import { openSse } from './http/sse';
import type { RunEvent } from './runs/types';
import type { Handler, RequestContext } from './state';

function lastEventId(ctx: RequestContext): number {
  const header = ctx.req.headers['last-event-id'];
  const fromQuery = single(ctx.url.searchParams, 'lastEventId');
  const [name, raw] =
    typeof header === 'string' && header.trim() !== ''
      ? ['Last-Event-ID', header.trim()]
      : ['lastEventId', fromQuery];
  if (raw === undefined || raw === '') return 0;
  if (!/^\d{1,15}$/.test(raw)) {
    throw invalidParameter([
      { path: name, message: 'must be the id of an event of this stream (an integer)' },
    ]);
  }
  return Number(raw);
}

export const streamRun: Handler = (ctx) => {
  const { res, params, state } = ctx;
  const runId = params.runId ?? '';
  const run = state.runs.visible(runId, ownerOf(ctx));
  if (run === undefined) throw runNotFound(runId);
  const after = lastEventId(ctx);
  const cut = state.faults.takeStreamCut();

  const sse = openSse(res, {
    retryMs: state.options.retryMs,
    keepAliveMs: state.settings.keepAliveMs,
  });
  let sent = 0;
  const deliver = (event: RunEvent): void => {
    if (sse.closed) return;
    sse.send(event.id, event.event, event.data);
    sent += 1;
    if (event.event === 'done') sse.end();
    else if (cut !== undefined && sent >= cut.afterEvents) {
      if (cut.mode === 'destroy') sse.destroy();
      else sse.end();
    }
  };

  // Event ids are positions in the log (id n is events[n - 1]), so replay starts right there.
  for (let i = after; i < run.events.length && !sse.closed; i += 1) {
    const event = run.events[i];
    if (event !== undefined) deliver(event);
  }
  if (sse.closed) return;
  if (run.finished) {
    sse.end();
    return;
  }
  sse.onClose(state.runs.subscribe(run, deliver));
};
