// The run endpoints: list (paged, newest first), create (validated, idempotent, quota-checked),
// get (the whole record) and cancel.
import { quotaExceeded } from './api-usage';
import { readJson } from './http/body';
import { ApiError, sendData } from './http/envelope';
import { oneOf, paging } from './http/query';
import { BASE_PATH } from './options';
import { acceptRunBody, planRun } from './run-request';
import { fingerprint } from './runs/idempotency';
import { RUN_STATUSES } from './runs/types';
import type { Handler, RequestContext } from './state';

export function runNotFound(runId: string): ApiError {
  return new ApiError({
    status: 404,
    code: 'run_not_found',
    message: `No run with id "${runId.slice(0, 64)}".`,
  });
}

/** The session asking (api.ts sets it): runs are visible to the session that made them only. */
export function ownerOf(ctx: RequestContext): string {
  // Never empty for an API request; '' owns no run, so a missing one sees nothing.
  return ctx.owner ?? '';
}

export const listRuns: Handler = (ctx) => {
  const { res, requestId, url, state } = ctx;
  const page = paging(url.searchParams);
  const status = oneOf(url.searchParams, 'status', RUN_STATUSES);
  const { items, total } = state.runs.list({
    owner: ownerOf(ctx),
    ...page,
    ...(status === undefined ? {} : { status }),
  });
  sendData(res, requestId, {
    items: items.map((r) => r.summary()),
    total,
    limit: page.limit,
    offset: page.offset,
  });
};

function idempotencyKey(ctx: RequestContext): string | undefined {
  const raw = ctx.req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new ApiError({
      status: 400,
      code: 'invalid_idempotency_key',
      message:
        'The Idempotency-Key header must be 1-255 printable ASCII characters without spaces.',
      details: [{ path: 'Idempotency-Key', message: 'invalid value' }],
    });
  }
  return key;
}

export const createRun: Handler = async (ctx) => {
  const { res, requestId, state } = ctx;
  const owner = ownerOf(ctx);
  // Keys are per session: another session's key can neither replay nor reveal its run.
  const given = idempotencyKey(ctx);
  const key = given === undefined ? undefined : `${owner}\n${given}`;
  const raw = await readJson(ctx.req);
  const accepted = acceptRunBody(raw, state);
  const created = (runId: string, agentId: string, replayed: boolean): void =>
    sendData(res, requestId, { runId, status: 'created', agentId }, 201, {
      Location: `${BASE_PATH}/runs/${runId}`,
      ...(replayed ? { 'Idempotency-Replayed': 'true' } : {}),
    });

  const print = key === undefined ? '' : fingerprint(raw);
  if (key !== undefined) {
    const found = state.idempotency.lookup(
      key,
      print,
      (id) => state.runs.visible(id, owner) !== undefined,
    );
    if (found.kind === 'conflict') {
      throw new ApiError({
        status: 409,
        code: 'idempotency_conflict',
        message: 'This Idempotency-Key was already used with a different request body.',
      });
    }
    if (found.kind === 'replay') {
      created(found.runId, accepted.agent.id, true);
      return;
    }
  }

  const hit = state.usage.exceeded(['runs', 'tokens']);
  if (hit !== undefined) throw quotaExceeded(hit);

  const plan = planRun(accepted, state.settings);
  const run = state.runs.create({
    owner,
    agentId: accepted.agent.id,
    input: accepted.body.input,
    context: accepted.body.context,
    plan,
  });
  state.usage.countRun(plan.inputTokens);
  if (key !== undefined) state.idempotency.remember(key, print, run.runId);
  created(run.runId, run.agentId, false);
};

export const getRun: Handler = (ctx) => {
  const { res, requestId, params, state } = ctx;
  const runId = params.runId ?? '';
  const run = state.runs.visible(runId, ownerOf(ctx));
  if (run === undefined) throw runNotFound(runId);
  sendData(res, requestId, run.record());
};

export const cancelRun: Handler = (ctx) => {
  const { res, requestId, params, state } = ctx;
  const runId = params.runId ?? '';
  const result = state.runs.cancel(runId, ownerOf(ctx));
  if (result.kind === 'not_found') throw runNotFound(runId);
  if (result.kind === 'finished') {
    throw new ApiError({
      status: 409,
      code: 'run_not_cancellable',
      message: `The run has already finished (${result.run.status}) and cannot be cancelled.`,
      extra: { status: result.run.status },
    });
  }
  sendData(res, requestId, result.run.record());
};
