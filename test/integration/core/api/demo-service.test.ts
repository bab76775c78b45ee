// Every endpoint and every error path of the API client against the embedded demo service over
// real HTTP on 127.0.0.1 (and once more through the fault proxy).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../../../electron/core/api/client';
import { sessionFor, type ClientConfig } from '../../../../electron/core/api/config';
import { createRunQuotaGuard, summariseUsage } from '../../../../electron/core/usage';
import { startDemoService, type DemoService } from '../../../../electron/demo-service';
import { startFaultProxy, type FaultProxy } from '../../../support/fault-proxy';
import { failure } from '../../../support/failure';

let demo: DemoService;
let proxy: FaultProxy;

beforeAll(async () => {
  demo = await startDemoService({ pacing: 'instant', retryMs: 10 });
  proxy = await startFaultProxy({ target: demo.baseUrl, seed: 7 });
});
afterAll(async () => {
  await proxy.stop();
  await demo.stop();
});
beforeEach(() => {
  demo.control.clearFaults();
  demo.control.setLimits({ requests: null, runs: 500, tokens: null });
  demo.control.setUsage({ requests: 0, runs: 0, inputTokens: 0, outputTokens: 0 });
  proxy.reset();
});

function client(overrides: Partial<ClientConfig> = {}, token: string | undefined = demo.token) {
  const onUnauthorized = vi.fn();
  const baseUrl = overrides.baseUrl ?? demo.baseUrl;
  const api: ApiClient = createApiClient({
    baseUrl,
    session: sessionFor(baseUrl, () => token, onUnauthorized),
    timeoutMs: 5000,
    retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 5, totalTimeMs: 8000, random: () => 0.5 },
    ...overrides,
  });
  return { api, onUnauthorized };
}

async function someDealId(api: ApiClient): Promise<string> {
  const deals = await api.listDeals({ limit: 1 });
  const id = deals.data.items[0]?.display.id;
  if (id === undefined) throw new Error('the demo service has no deals');
  return id;
}

async function someAgentId(api: ApiClient): Promise<string> {
  const id = (await api.listAgents()).data.items[0]?.display.id;
  if (id === undefined) throw new Error('the demo service has no agents');
  return id;
}

describe('API client against the demo service', () => {
  it('reads the metadata of a session user', async () => {
    const { data, requestId } = await client().api.getMetadata();
    expect(requestId).toEqual(expect.any(String));
    expect(data.version).toBe('v1');
    expect(data.principal).toMatchObject({ type: 'user', authMode: 'session' });
    expect(data.capabilities).toMatchObject({ tokens: false, streaming: true, runs: true });
  });

  it('lists agents with usable display hints', async () => {
    const { data } = await client().api.listAgents();
    expect(data.items.length).toBeGreaterThan(0);
    for (const agent of data.items) {
      expect(agent.display.id).toMatch(/^[a-z0-9_-]+\.[a-z0-9_-]+$/i);
      expect(agent.display.title).not.toBe(agent.display.id);
    }
  });

  it('pages through deals without gaps or repeats, and searches', async () => {
    const { api } = client();
    const first = await api.listDeals({ limit: 2, offset: 0 });
    const total = first.data.paging.total ?? 0;
    expect(total).toBeGreaterThan(2);
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 2) {
      const page = await api.listDeals({ limit: 2, offset });
      expect(page.data.paging.offset).toBe(offset);
      seen.push(...page.data.items.map((i) => i.display.id ?? ''));
      expect(page.data.paging.hasMore).toBe(offset + page.data.items.length < total);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);

    const title = first.data.items[0]?.display.title ?? '';
    const word = title.split(/\s+/)[0] ?? '';
    const found = await api.listDeals({ search: word });
    expect(found.data.items.length).toBeGreaterThan(0);
  });

  it('reads one deal whole, and reports an unknown deal as not found', async () => {
    const { api } = client();
    const id = await someDealId(api);
    const deal = await api.getDeal(id);
    expect(deal.data.display.id).toBe(id);
    expect(Object.keys(deal.data.data).length).toBeGreaterThan(2);

    const missing = await failure(api.getDeal('00000000-0000-4000-8000-000000000000'));
    expect(missing).toMatchObject({ kind: 'service', status: 404, retryable: false });
    expect(missing.requestId).toEqual(expect.any(String));
  });

  it('reads both briefings', async () => {
    const { api } = client();
    const morning = await api.getMorningBriefing();
    const meeting = await api.getMeetingBriefing();
    expect(Object.keys(morning.data.data).length).toBeGreaterThan(0);
    expect(Object.keys(meeting.data.data).length).toBeGreaterThan(0);
    expect(morning.data.display.title).not.toBe('');
  });

  it('creates a run, reads it, lists it, and refuses to cancel it once finished', async () => {
    const { api } = client();
    const [agentId, dealId] = await Promise.all([someAgentId(api), someDealId(api)]);
    const created = await api.createRun({
      agentId,
      input: { message: 'Summarise the deal' },
      context: { dealId },
    });
    expect(created.data).toMatchObject({ status: 'created', agentId });
    const runId = created.data.runId;

    await demo.control.waitForRun(runId);
    const run = await api.getRun(runId);
    expect(run.data.data.runId).toBe(runId);
    expect(run.data.data.status).toBe('succeeded');

    const list = await api.listRuns({ limit: 5, offset: 0 });
    expect(list.data.items.some((item) => item.data.runId === runId)).toBe(true);
    const filtered = await api.listRuns({ limit: 5, status: 'succeeded' });
    expect(filtered.data.items.every((item) => item.data.status === 'succeeded')).toBe(true);

    const refused = await failure(api.cancelRun(runId));
    expect(refused).toMatchObject({ kind: 'service', status: 409, retryable: false });
  });

  it('cancels a running run', async () => {
    demo.control.setPacing(5);
    try {
      const { api } = client();
      const [agentId, dealId] = await Promise.all([someAgentId(api), someDealId(api)]);
      const created = await api.createRun({
        agentId,
        input: { message: 'Write a long note' },
        context: { dealId },
      });
      const cancelled = await api.cancelRun(created.data.runId);
      expect(cancelled.data?.data.runId).toBe(created.data.runId);
      const after = await api.getRun(created.data.runId);
      expect(['cancelled', 'canceled']).toContain(after.data.data.status);
    } finally {
      demo.control.setPacing('instant');
    }
  });

  it('reports an unknown run as not found for get and cancel', async () => {
    const { api } = client();
    await expect(api.getRun('run_does_not_exist')).rejects.toMatchObject({
      kind: 'service',
      status: 404,
    });
    await expect(api.cancelRun('run_does_not_exist')).rejects.toMatchObject({
      kind: 'service',
      status: 404,
    });
  });

  it('replays a POST /runs with the same Idempotency-Key instead of starting a second run', async () => {
    const { api } = client();
    const [agentId, dealId] = await Promise.all([someAgentId(api), someDealId(api)]);
    const input = { agentId, input: { message: 'Once only' }, context: { dealId } };
    const a = await api.createRun(input, { idempotencyKey: 'demo-idem-1' });
    const b = await api.createRun(input, { idempotencyKey: 'demo-idem-1' });
    expect(b.data.runId).toBe(a.data.runId);
  });

  it('passes the service’s validation errors through with their field', async () => {
    const { api } = client();
    const dealId = await someDealId(api);
    const error = await failure(
      api.createRun({
        agentId: 'sales.no_such_agent',
        input: { message: 'Hi' },
        context: { dealId },
      }),
    );
    expect(error).toMatchObject({ kind: 'service', retryable: false, field: 'agentId' });
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(500);
    const unknownDeal = await failure(
      api.createRun({
        agentId: await someAgentId(api),
        input: { message: 'Hi' },
        context: { dealId: '00000000-0000-4000-8000-000000000000' },
      }),
    );
    expect(unknownDeal).toMatchObject({ kind: 'service', field: 'context.dealId' });
  });

  it('reads usage and computes quota levels from it', async () => {
    demo.control.setLimits({ runs: 10, tokens: null });
    demo.control.setUsage({ runs: 8 });
    const { data } = await client().api.getUsage();
    expect(data.runs).toEqual({ count: 8, limit: 10 });
    expect(data.tokens.limit).toBeNull();
    const view = summariseUsage(data);
    expect(view.runs).toMatchObject({ level: 'warning', remaining: 2 });
    expect(view.tokens).toMatchObject({ ratio: null, level: 'ok' });
  });

  it('refuses a run over the runs quota before sending, and the service agrees when asked anyway', async () => {
    demo.control.setLimits({ runs: 3 });
    demo.control.setUsage({ runs: 3 });
    const { api } = client();
    const [agentId, dealId] = await Promise.all([someAgentId(api), someDealId(api)]);
    const guard = createRunQuotaGuard({
      loadUsage: async (signal) => (await api.getUsage({ signal })).data,
    });
    await expect(guard.check()).rejects.toMatchObject({
      kind: 'quota',
      code: 'runs_quota_reached',
    });
    // Asked anyway (through the proxy, to count): a 429 without Retry-After is not retried.
    const viaProxy = client({ baseUrl: proxy.url }).api;
    const logStart = proxy.stats.log.length;
    const served = await failure(
      viaProxy.createRun({ agentId, input: { message: 'Hi' }, context: { dealId } }),
    );
    expect(served).toMatchObject({
      kind: 'service',
      status: 429,
      code: 'quota_exceeded',
      retryable: true,
    });
    expect(proxy.stats.log.slice(logStart).filter((e) => e.method === 'POST')).toHaveLength(1);
  });

  it('maps a missing, unknown or expired session to unauthorized and tells the session', async () => {
    const unknown = client({}, 'not-a-real-session');
    const error = await failure(unknown.api.getMetadata());
    expect(error).toMatchObject({
      kind: 'unauthorized',
      code: 'unauthorized',
      status: 401,
      retryable: false,
    });
    expect(unknown.onUnauthorized).toHaveBeenCalledTimes(1);

    const token = demo.control.createSession();
    const expiring = client({}, token);
    await expiring.api.getUsage();
    demo.control.expireSession(token);
    await expect(expiring.api.getUsage()).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(expiring.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(error.toData())).not.toContain(demo.token);
  });

  it('retries through the service’s own 503 + Retry-After', async () => {
    demo.control.failNextRequests({ count: 1, retryAfterSeconds: 0 });
    await expect(client().api.listAgents()).resolves.toMatchObject({
      requestId: expect.any(String),
    });
  });

  it('reports a refused query parameter as a service error naming it', async () => {
    const error = await failure(client().api.listDeals({ limit: 1000 }));
    expect(error).toMatchObject({ kind: 'service', status: 400, field: 'limit' });
  });

  it('works end to end through the fault proxy with split chunks, delays and injected failures', async () => {
    proxy.set({
      split: 'random',
      maxPieceBytes: 5,
      chunkDelayMs: [0, 1],
      failNext: { count: 2, answer: '503', retryAfterSeconds: 0 },
    });
    const api = createApiClient({
      baseUrl: proxy.url,
      session: sessionFor(proxy.url, demo.token),
      timeoutMs: 5000,
      retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 5, random: () => 0.5 },
    });
    const [agentId, dealId] = await Promise.all([someAgentId(api), someDealId(api)]);
    proxy.set({ failNext: { count: 1, answer: 'reset' } });
    const logStart = proxy.stats.log.length;
    const injectedBefore = proxy.stats.injected['503'];
    const created = await api.createRun({
      agentId,
      input: { message: 'Through the proxy' },
      context: { dealId },
    });
    const runsPosted = proxy.stats.log.slice(logStart).filter((e) => e.method === 'POST');
    expect(runsPosted).toHaveLength(2);
    expect(runsPosted[0]?.headers['idempotency-key']).toBe(
      runsPosted[1]?.headers['idempotency-key'],
    );
    expect(demo.control.getRun(created.data.runId)).toBeDefined();
    expect((await api.getUsage()).data.runs.count).toBe(1);
    expect(injectedBefore).toBe(2);
  });
});
