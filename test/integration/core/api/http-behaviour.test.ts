// The API client against small real HTTP servers on 127.0.0.1 that misbehave on purpose.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../../../electron/core/api/client';
import { sessionFor, type ClientConfig } from '../../../../electron/core/api/config';
import { NGINX_502_PAGE } from '../../../support/fault-proxy';
import {
  envelope,
  errorEnvelope,
  sendJson,
  startTestServer,
  type TestServer,
} from '../../../support/test-server';
import { failure } from '../../../support/failure';

const TOKEN = 'tok_live_0123456789abcdef';
const BASE_PATH = '/api/v1/assistant';
const DEAL_ID = '3f2b1c1e-8a4d-4c1b-9f7e-2d6a5b4c3e21';

const metadata = {
  service: 'assistant',
  version: 'v1',
  environment: 'test',
  org: { id: 'org_1', name: 'Acme' },
  principal: { type: 'user', authMode: 'session', userId: 'u1', scopes: ['runs:read'] },
  capabilities: {
    streaming: true,
    runs: true,
    briefings: true,
    deals: true,
    tokens: false,
    usage: true,
  },
};
const runInput = {
  agentId: 'sales.briefer',
  input: { message: 'Summarise' },
  context: { dealId: DEAL_ID },
};

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function server(handler: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const s = await startTestServer(handler);
  servers.push(s);
  return s;
}

function client(origin: string, overrides: Partial<ClientConfig> = {}) {
  const onUnauthorized = vi.fn();
  const api: ApiClient = createApiClient({
    baseUrl: `${origin}${BASE_PATH}`,
    session: sessionFor(origin, TOKEN, onUnauthorized),
    timeoutMs: 2000,
    retry: {
      retries: 3,
      baseDelayMs: 1,
      maxDelayMs: 5,
      totalTimeMs: 5000,
      maxRetryAfterMs: 3000,
      random: () => 0.5,
    },
    ...overrides,
  });
  return { api, onUnauthorized };
}

describe('API client over real HTTP', () => {
  it('calls the base itself for metadata with the cookie, Accept and User-Agent', async () => {
    const s = await server((_req, res) => sendJson(res, 200, envelope(metadata, 'req_meta')));
    const { api } = client(s.origin);
    const result = await api.getMetadata();
    expect(result).toEqual({ data: metadata, requestId: 'req_meta' });
    expect(s.requests).toHaveLength(1);
    const [request] = s.requests;
    expect(request?.url).toBe(BASE_PATH);
    expect(request?.headers.cookie).toBe(`sb-access-token=${TOKEN}`);
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers['user-agent']).toMatch(/^AssistantDesktop\/\d+\.\d+\.\d+/);
  });

  it('reports an HTML 502 page as bad_response with a short snippet, after retrying the GET', async () => {
    const s = await server((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html', 'X-Request-Id': 'edge-7' });
      res.end(NGINX_502_PAGE);
    });
    const error = await failure(client(s.origin).api.getUsage());
    expect(error.toData()).toEqual({
      kind: 'bad_response',
      code: 'http_502',
      message:
        'The service answered HTTP 502 with a non-JSON answer: "502 Bad Gateway 502 Bad Gateway nginx"',
      status: 502,
      requestId: 'edge-7',
      retryable: true,
    });
    expect(s.requests).toHaveLength(4);
  });

  it('reports JSON of the wrong shape as a schema error naming the field, without retrying', async () => {
    const s = await server((_req, res) =>
      sendJson(
        res,
        200,
        envelope(
          { ...metadata, capabilities: { ...metadata.capabilities, streaming: 'yes' } },
          'req_bad',
        ),
      ),
    );
    const error = await failure(client(s.origin).api.getMetadata());
    expect(error).toMatchObject({
      kind: 'schema',
      field: 'data.capabilities.streaming',
      requestId: 'req_bad',
    });
    expect(error.message).toContain('data.capabilities.streaming: expected boolean, got string');
    expect(s.requests).toHaveLength(1);
  });

  it('reports a 2xx page that is not JSON as bad_response', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><body><h1>Sign in to the Wi-Fi</h1></body></html>');
    });
    const error = await failure(client(s.origin).api.listAgents());
    expect(error).toMatchObject({ kind: 'bad_response', status: 200 });
    expect(error.message).toContain('"Sign in to the Wi-Fi"');
  });

  it('waits for Retry-After after a 503, then succeeds', async () => {
    const times: number[] = [];
    const s = await server((_req, res) => {
      times.push(Date.now());
      if (times.length === 1) {
        res.writeHead(503, { 'Retry-After': '1', 'Content-Type': 'text/plain' });
        res.end('Service Unavailable');
        return;
      }
      sendJson(res, 200, envelope({ items: [{ id: 'a1', name: 'Briefer' }] }));
    });
    const result = await client(s.origin).api.listAgents();
    expect(result.data.items.map((i) => i.display.title)).toEqual(['Briefer']);
    expect(times).toHaveLength(2);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('gives up at once when Retry-After is longer than it is willing to wait, keeping the wait', async () => {
    const s = await server((_req, res) =>
      sendJson(res, 429, errorEnvelope('rate_limited', 'Too many requests.', 'req_429'), {
        'Retry-After': '120',
      }),
    );
    const error = await failure(client(s.origin).api.getUsage());
    expect(error).toMatchObject({
      kind: 'service',
      code: 'rate_limited',
      status: 429,
      retryable: true,
      retryAfterMs: 120_000,
    });
    expect(s.requests).toHaveLength(1);
  });

  it('never retries POST /runs on a 500, and retries a 503 with the same Idempotency-Key', async () => {
    const plain = await server((_req, res) =>
      sendJson(res, 500, errorEnvelope('internal', 'Boom.')),
    );
    const error = await failure(client(plain.origin).api.createRun(runInput));
    expect(error).toMatchObject({ kind: 'service', status: 500 });
    expect(plain.requests).toHaveLength(1);

    const flaky = await server((_req, res) => {
      if (flaky.requests.length < 3) {
        sendJson(res, 503, errorEnvelope('unavailable', 'Try again.'), { 'Retry-After': '0' });
        return;
      }
      sendJson(
        res,
        201,
        envelope({ runId: 'run_1', status: 'created', agentId: 'sales.briefer' }, 'req_run'),
      );
    });
    const created = await client(flaky.origin).api.createRun(runInput);
    expect(created).toEqual({
      data: { runId: 'run_1', status: 'created', agentId: 'sales.briefer' },
      requestId: 'req_run',
    });
    const keys = flaky.requests.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(flaky.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(flaky.requests[0]?.body ?? '')).toEqual(runInput);
  });

  it('retries POST /runs with the same key after a dropped connection', async () => {
    const s = await server((req, res) => {
      if (s.requests.length === 1) {
        req.socket.destroy();
        return;
      }
      sendJson(res, 201, envelope({ runId: 'run_2', status: 'created', agentId: 'sales.briefer' }));
    });
    const created = await client(s.origin).api.createRun(runInput, {
      idempotencyKey: 'key-fixed-1',
    });
    expect(created.data.runId).toBe('run_2');
    expect(s.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'key-fixed-1',
      'key-fixed-1',
    ]);
  });

  it('refuses a redirect to another origin without sending anything there', async () => {
    const other = await server((_req, res) => sendJson(res, 200, envelope(metadata)));
    const s = await server((_req, res) => {
      res.writeHead(302, { Location: `${other.origin}${BASE_PATH}` });
      res.end();
    });
    const error = await failure(client(s.origin).api.getMetadata());
    expect(error).toMatchObject({
      kind: 'bad_response',
      code: 'cross_origin_redirect',
      status: 302,
      retryable: false,
    });
    expect(error.message).toContain(other.origin);
    expect(other.requests).toHaveLength(0);
  });

  it('follows a same-origin redirect with the cookie, turning POST into GET on 303', async () => {
    const s = await server((req, res) => {
      if (req.url === `${BASE_PATH}/usage/summary`) {
        res.writeHead(307, { Location: `${BASE_PATH}/usage/summary/current` });
        res.end();
        return;
      }
      if (req.method === 'POST') {
        res.writeHead(303, { Location: `${BASE_PATH}/runs/run_3` });
        res.end();
        return;
      }
      if (req.url === `${BASE_PATH}/runs/run_3`) {
        sendJson(
          res,
          200,
          envelope({ runId: 'run_3', status: 'created', agentId: 'sales.briefer' }),
        );
        return;
      }
      sendJson(
        res,
        200,
        envelope({
          billingPeriod: { start: '2025-03-01T00:00:00.000Z', end: '2025-04-01T00:00:00.000Z' },
          requests: { count: 1, limit: null },
          runs: { count: 1, limit: 10 },
          tokens: { input: 1, output: 2, limit: null },
        }),
      );
    });
    const { api } = client(s.origin);
    expect((await api.getUsage()).data.runs).toEqual({ count: 1, limit: 10 });
    expect((await api.createRun(runInput)).data.runId).toBe('run_3');
    expect(s.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${BASE_PATH}/usage/summary`,
      `GET ${BASE_PATH}/usage/summary/current`,
      `POST ${BASE_PATH}/runs`,
      `GET ${BASE_PATH}/runs/run_3`,
    ]);
    expect(s.requests.every((r) => r.headers.cookie === `sb-access-token=${TOKEN}`)).toBe(true);
    expect(s.requests[3]?.body).toBe('');
  });

  it('times out a slow server per attempt and retries GET within its budget', async () => {
    const s = await server(() => {
      // Never answers.
    });
    const { api } = client(s.origin, {
      timeoutMs: 150,
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1, random: () => 0 },
    });
    const error = await failure(api.listDeals());
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    expect(s.requests).toHaveLength(2);
  });

  it('stops at once when the caller aborts, and never retries an abort', async () => {
    const s = await server(() => {
      // Never answers.
    });
    const controller = new AbortController();
    const pending = client(s.origin, { timeoutMs: 10_000 }).api.getRun('run_9', {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error).toMatchObject({ kind: 'aborted', retryable: false });
    expect(s.requests).toHaveLength(1);
  });

  it('reports an unreachable service as a network error after bounded retries', async () => {
    const s = await server((_req, res) => {
      res.end();
    });
    const origin = s.origin;
    await s.stop();
    servers.length = 0;
    const error = await failure(client(origin).api.getMetadata());
    expect(error).toMatchObject({
      kind: 'network',
      retryable: true,
      message: expect.stringMatching(/^Could not reach the service\. Check .*VPN.*ask IT\.$/),
      code: 'ECONNREFUSED',
    });
  });

  it('maps 401 to unauthorized, tells the session, and does not retry', async () => {
    const s = await server((_req, res) =>
      sendJson(res, 401, errorEnvelope('unauthorized', 'Authentication is required.', 'req_401')),
    );
    const { api, onUnauthorized } = client(s.origin);
    const error = await failure(api.listRuns({ limit: 5 }));
    expect(error.toData()).toEqual({
      kind: 'unauthorized',
      code: 'unauthorized',
      message: 'Authentication is required.',
      status: 401,
      requestId: 'req_401',
      retryable: false,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // With the session the request carried, so a session set since is not blamed.
    expect(onUnauthorized).toHaveBeenCalledWith({ origin: s.origin, token: TOKEN });
    expect(s.requests).toHaveLength(1);
  });

  it('sends nothing without a session or with invalid input', async () => {
    const s = await server((_req, res) => sendJson(res, 200, envelope(metadata)));
    const signedOut = createApiClient({
      baseUrl: `${s.origin}${BASE_PATH}`,
      session: sessionFor(s.origin, undefined),
    });
    await expect(signedOut.getMetadata()).rejects.toMatchObject({
      kind: 'unauthorized',
      code: 'not_signed_in',
    });
    const { api } = client(s.origin);
    await expect(
      api.createRun({ ...runInput, context: { dealId: 'deal-1' } }),
    ).rejects.toMatchObject({
      kind: 'invalid_input',
      field: 'context.dealId',
    });
    await expect(api.getRun('..')).rejects.toMatchObject({ kind: 'invalid_input', field: 'runId' });
    await expect(api.listRuns({ limit: -1 })).rejects.toMatchObject({
      kind: 'invalid_input',
      field: 'limit',
    });
    expect(s.requests).toHaveLength(0);
  });

  it('encodes path parameters, passes list query parameters through and keeps paging', async () => {
    const s = await server((req, res) => {
      if (req.url?.startsWith(`${BASE_PATH}/deals?`)) {
        sendJson(
          res,
          200,
          envelope({
            deals: [{ dealId: DEAL_ID, name: 'Renewal', account: { name: 'Acme' } }],
            total: 3,
          }),
        );
        return;
      }
      sendJson(res, 200, envelope({ id: 'x', title: 'Deal' }));
    });
    const { api } = client(s.origin);
    const list = await api.listDeals({ search: 'acme & co', limit: 1, offset: 1 });
    expect(list.data.items[0]?.display).toEqual({
      id: DEAL_ID,
      title: 'Renewal',
      subtitle: 'Acme',
    });
    expect(list.data.paging).toEqual({ total: 3, hasMore: true, nextOffset: 2 });
    await api.getDeal('a/b c?');
    expect(s.requests.map((r) => r.url)).toEqual([
      `${BASE_PATH}/deals?search=acme+%26+co&limit=1&offset=1`,
      `${BASE_PATH}/deals/a%2Fb%20c%3F`,
    ]);
  });

  it('accepts an empty answer to DELETE /runs/{id}', async () => {
    const s = await server((_req, res) => {
      res.writeHead(204, { 'X-Request-Id': 'req_del' });
      res.end();
    });
    expect(await client(s.origin).api.cancelRun('run_1')).toEqual({
      data: null,
      requestId: 'req_del',
    });
    expect(s.requests[0]?.method).toBe('DELETE');
  });

  it('never lets the session value into an error', async () => {
    const s = await server((req, res) => {
      res.writeHead(400, { 'Content-Type': 'text/html' });
      res.end(`<p>Rejected cookie: ${req.headers.cookie ?? ''}</p>`);
    });
    const error = await failure(client(s.origin).api.getMetadata());
    expect(error.kind).toBe('bad_response');
    expect(JSON.stringify(error.toData())).not.toContain(TOKEN);
    expect(error.message).toContain('[redacted]');
  });
});
