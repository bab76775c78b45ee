// The Assistant Service API v1, one method per endpoint (spec §4). Every answer is checked
// against the documented envelope and payload; what is "not shown" is kept whole. Methods the
// spec does not name for a resource (agents, deals, briefings) use GET, the only reading verb.

import { z } from 'zod';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import type { ClientConfig } from './config';
import { requestJson, type JsonAnswer } from './http';
import { normaliseList, normaliseRecord, type ResourceList, type ResourceRecord } from './lists';
import { schemaError } from './response-errors';
import {
  type CreateRunInput,
  Metadata,
  RunCreated,
  RunRecordData,
  UsageSummary,
  successEnvelope,
} from './schemas';
import { pathSegment, resolveUrl } from './url';
import { checkCreateRunInput, checkPageParam } from './validate-input';

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the configured per-attempt timeout. */
  timeoutMs?: number;
}

export interface CreateRunOptions extends CallOptions {
  /** Reuse a key to make a repeated start (e.g. after a crash) recognisable; default random. */
  idempotencyKey?: string;
}

export interface ApiResult<T> {
  data: T;
  requestId: string | undefined;
}

export interface ListDealsParams {
  search?: string;
  /** The same search under the other usual name, for services that read `q`. */
  q?: string;
  limit?: number;
  offset?: number;
}

export interface ListRunsParams {
  limit?: number;
  offset?: number;
  status?: string;
}

export type RunRecord = ResourceRecord<RunRecordData>;

export interface ApiClient {
  readonly config: ClientConfig;
  getMetadata(options?: CallOptions): Promise<ApiResult<Metadata>>;
  listAgents(options?: CallOptions): Promise<ApiResult<ResourceList>>;
  listDeals(params?: ListDealsParams, options?: CallOptions): Promise<ApiResult<ResourceList>>;
  getDeal(dealId: string, options?: CallOptions): Promise<ApiResult<ResourceRecord>>;
  getMorningBriefing(options?: CallOptions): Promise<ApiResult<ResourceRecord>>;
  getMeetingBriefing(options?: CallOptions): Promise<ApiResult<ResourceRecord>>;
  listRuns(
    params?: ListRunsParams,
    options?: CallOptions,
  ): Promise<ApiResult<ResourceList<RunRecordData>>>;
  createRun(input: CreateRunInput, options?: CreateRunOptions): Promise<ApiResult<RunCreated>>;
  getRun(runId: string, options?: CallOptions): Promise<ApiResult<RunRecord>>;
  /** The answer's payload is not shown: the run record when the service sends one, else null. */
  cancelRun(runId: string, options?: CallOptions): Promise<ApiResult<RunRecord | null>>;
  getUsage(options?: CallOptions): Promise<ApiResult<UsageSummary>>;
}

const Envelope = successEnvelope(z.unknown());

/** Checks the §2.1 envelope and returns its `data` (unchecked) and request id. */
function openEnvelope(answer: JsonAnswer): { data: unknown; requestId: string | undefined } {
  const parsed = Envelope.safeParse(answer.body);
  if (!parsed.success) {
    throw schemaError(parsed.error, answer.body, {
      requestId: answer.requestId,
      status: answer.status,
    });
  }
  if (parsed.data.data === undefined) {
    throw new AssistantError({
      kind: 'schema',
      message: coreWords().t('errors.response.unexpected', { details: 'data: missing' }),
      field: 'data',
      status: answer.status,
      requestId: parsed.data.requestId,
      retryable: false,
    });
  }
  return { data: parsed.data.data, requestId: parsed.data.requestId };
}

function decode<T>(answer: JsonAnswer, schema: z.ZodType<T>): ApiResult<T> {
  const { data, requestId } = openEnvelope(answer);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw schemaError(parsed.error, data, { pathPrefix: 'data', requestId, status: answer.status });
  }
  return { data: parsed.data, requestId };
}

/** `/runs/{runId}/stream`, for the run stream module. */
export function runStreamUrl(config: Pick<ClientConfig, 'baseUrl'>, runId: string): URL {
  return resolveUrl(config, `/runs/${pathSegment(runId, 'runId')}/stream`);
}

type Get = (
  path: string,
  options: CallOptions | undefined,
  query?: Record<string, string | number | undefined>,
) => Promise<JsonAnswer>;

/** GET `path` of the service, with `query`; the reading verb of every list and record. */
function getter(config: ClientConfig): Get {
  return (path, options, query) =>
    requestJson(config, {
      method: 'GET',
      path,
      query,
      signal: options?.signal,
      timeoutMs: options?.timeoutMs,
    });
}

/** A trimmed text parameter, left out when blank. */
const textParam = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

async function listDeals(
  get: Get,
  params: ListDealsParams,
  options: CallOptions | undefined,
): Promise<ApiResult<ResourceList>> {
  const limit = checkPageParam(params.limit, 'limit', 1);
  const offset = checkPageParam(params.offset, 'offset', 0);
  const query = { search: textParam(params.search), q: textParam(params.q), limit, offset };
  const answer = await get('/deals', options, query);
  const { data, requestId } = openEnvelope(answer);
  return {
    data: normaliseList(data, {
      resource: 'deal',
      plural: 'deals',
      requestId,
      requested: { limit, offset },
    }),
    requestId,
  };
}

async function listRuns(
  get: Get,
  params: ListRunsParams,
  options: CallOptions | undefined,
): Promise<ApiResult<ResourceList<RunRecordData>>> {
  const limit = checkPageParam(params.limit, 'limit', 1);
  const offset = checkPageParam(params.offset, 'offset', 0);
  const answer = await get('/runs', options, { limit, offset, status: textParam(params.status) });
  const { data, requestId } = openEnvelope(answer);
  return {
    data: normaliseList(data, {
      resource: 'run',
      plural: 'runs',
      itemSchema: RunRecordData,
      requestId,
      requested: { limit, offset },
    }),
    requestId,
  };
}

// Two named helpers (get, record) and one short method per endpoint.
export function createApiClient(config: ClientConfig): ApiClient {
  const get = getter(config);

  const record = async (path: string, resource: string, options?: CallOptions) => {
    const answer = await get(path, options);
    const { data, requestId } = openEnvelope(answer);
    return { data: normaliseRecord(data, { resource, requestId }), requestId };
  };

  return {
    config,

    async getMetadata(options) {
      return decode(await get('', options), Metadata);
    },

    async listAgents(options) {
      const answer = await get('/agents', options);
      const { data, requestId } = openEnvelope(answer);
      return {
        data: normaliseList(data, { resource: 'agent', plural: 'agents', requestId }),
        requestId,
      };
    },

    async listDeals(params = {}, options) {
      return listDeals(get, params, options);
    },

    async getDeal(dealId, options) {
      return record(`/deals/${pathSegment(dealId, 'dealId')}`, 'deal', options);
    },

    async getMorningBriefing(options) {
      return record('/briefings/morning', 'briefing', options);
    },

    async getMeetingBriefing(options) {
      return record('/briefings/meeting', 'briefing', options);
    },

    async listRuns(params = {}, options) {
      return listRuns(get, params, options);
    },

    async createRun(input, options) {
      const body = checkCreateRunInput(input);
      const answer = await requestJson(config, {
        method: 'POST',
        path: '/runs',
        body,
        retry: 'idempotency-key',
        idempotencyKey: options?.idempotencyKey,
        signal: options?.signal,
        timeoutMs: options?.timeoutMs,
      });
      return decode(answer, RunCreated);
    },

    async getRun(runId, options) {
      const answer = await get(`/runs/${pathSegment(runId, 'runId')}`, options);
      const { data, requestId } = openEnvelope(answer);
      return {
        data: normaliseRecord(data, { resource: 'run', schema: RunRecordData, requestId }),
        requestId,
      };
    },

    async cancelRun(runId, options) {
      const answer = await requestJson(config, {
        method: 'DELETE',
        path: `/runs/${pathSegment(runId, 'runId')}`,
        signal: options?.signal,
        timeoutMs: options?.timeoutMs,
      });
      if (answer.body === undefined) return { data: null, requestId: answer.requestId };
      const { data, requestId } = openEnvelope(answer);
      if (data === null) return { data: null, requestId };
      return {
        data: normaliseRecord(data, { resource: 'run', schema: RunRecordData, requestId }),
        requestId,
      };
    },

    async getUsage(options) {
      return decode(await get('/usage/summary', options), UsageSummary);
    },
  };
}
