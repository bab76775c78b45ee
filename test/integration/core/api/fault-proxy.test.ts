// The client through the fault-injecting proxy, and the proxy's own promises (pass-through,
// no buffering, reproducible faults) that the stream tests rely on.
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../electron/core/api/client';
import { startAttempt } from '../../../../electron/core/api/deadline';
import { sendRequest } from '../../../../electron/core/api/transport';
import { resolveUrl } from '../../../../electron/core/api/url';
import { startFaultProxy, type FaultProxy } from '../../../support/fault-proxy';
import { envelope, sendJson, startTestServer, type TestServer } from '../../../support/test-server';
import { sessionFor } from '../../../../electron/core/api/config';

const TOKEN = 'tok_proxy_0123456789';
const BASE_PATH = '/api/v1/assistant';
const STREAM_TEXT = Array.from(
  { length: 40 },
  (_, i) => `id: ${i}\ndata: {"delta":"wörd ${i} ✓ "}\n\n`,
).join('');
const agents = {
  agents: [{ agentId: 'sales.briefer', name: 'Briefer', description: 'Morning notes' }],
};

const cleanup: Array<{ stop(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((c) => c.stop()));
});

async function setup(seed = 1234): Promise<{ target: TestServer; proxy: FaultProxy }> {
  const target = await startTestServer((req, res) => {
    if (req.url?.endsWith('/stream')) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      // Written in a few large chunks; the proxy decides how they reach the client.
      const third = Math.ceil(STREAM_TEXT.length / 3);
      res.write(STREAM_TEXT.slice(0, third));
      res.write(STREAM_TEXT.slice(third, 2 * third));
      res.end(STREAM_TEXT.slice(2 * third));
      return;
    }
    if (req.method === 'POST') {
      sendJson(res, 201, envelope({ runId: 'run_p', status: 'created', agentId: 'sales.briefer' }));
      return;
    }
    sendJson(res, 200, envelope(agents, 'req_agents'));
  });
  const proxy = await startFaultProxy({ target: `${target.origin}${BASE_PATH}`, seed });
  cleanup.push(target, proxy);
  return { target, proxy };
}

function api(proxy: FaultProxy) {
  return createApiClient({
    baseUrl: proxy.url,
    session: sessionFor(proxy.url, TOKEN),
    timeoutMs: 2000,
    retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 5, totalTimeMs: 5000, random: () => 0.5 },
  });
}

/** Reads a stream through the proxy the way the run stream does; returns the text and whether it was cut. */
async function readStream(
  proxy: FaultProxy,
): Promise<{ text: string; cut: boolean; bytes: Buffer }> {
  const attempt = startAttempt(undefined, 2000);
  const { response } = await sendRequest(
    { session: sessionFor(proxy.url, TOKEN) },
    {
      method: 'GET',
      url: resolveUrl({ baseUrl: proxy.url }, '/runs/r1/stream'),
      headers: { Accept: 'text/event-stream', 'Last-Event-ID': '3' },
    },
    attempt,
  );
  const bytes: Uint8Array[] = [];
  let cut = false;
  try {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) bytes.push(chunk);
  } catch {
    cut = true;
  } finally {
    attempt.clearTimer();
  }
  const all = Buffer.concat(bytes);
  return { text: all.toString('utf8'), cut, bytes: all };
}

describe('fault proxy', () => {
  it('is transparent by default and passes the cookie, Last-Event-ID and Idempotency-Key through', async () => {
    const { target, proxy } = await setup();
    const client = api(proxy);
    expect((await client.listAgents()).data.items[0]?.display).toEqual({
      id: 'sales.briefer',
      title: 'Briefer',
      subtitle: 'Morning notes',
    });
    await client.createRun(
      {
        agentId: 'sales.briefer',
        input: { message: 'Hi' },
        context: { dealId: '3f2b1c1e-8a4d-4c1b-9f7e-2d6a5b4c3e21' },
      },
      { idempotencyKey: 'idem-1' },
    );
    expect(await readStream(proxy)).toMatchObject({ text: STREAM_TEXT, cut: false });
    expect(target.requests.map((r) => r.headers.cookie)).toEqual(
      Array(3).fill(`sb-access-token=${TOKEN}`),
    );
    expect(target.requests[1]?.headers['idempotency-key']).toBe('idem-1');
    expect(target.requests[2]?.headers['last-event-id']).toBe('3');
    expect(target.requests[1]?.body).toContain('"message":"Hi"');
  });

  it('answers the next requests with 503 + Retry-After, and the client retries through them', async () => {
    const { target, proxy } = await setup();
    proxy.set({ failNext: { count: 2, answer: '503', retryAfterSeconds: 0 } });
    const result = await api(proxy).listAgents();
    expect(result.requestId).toBe('req_agents');
    expect(proxy.stats.injected['503']).toBe(2);
    expect(target.requests).toHaveLength(1);
  });

  it('serves an nginx-style 502 page that the client reports with a snippet', async () => {
    const { proxy } = await setup();
    proxy.set({ failNext: { count: 10, answer: '502-html' } });
    await expect(api(proxy).listAgents()).rejects.toMatchObject({
      kind: 'bad_response',
      status: 502,
      message:
        'The service answered HTTP 502 with a non-JSON answer: "502 Bad Gateway 502 Bad Gateway nginx"',
    });
    expect(proxy.stats.injected['502-html']).toBe(4);
  });

  it('answers 429 with Retry-After, honoured by the client', async () => {
    const { proxy } = await setup();
    proxy.set({ failNext: { count: 1, answer: '429', retryAfterSeconds: 0 } });
    await expect(api(proxy).listAgents()).resolves.toMatchObject({ requestId: 'req_agents' });
    expect(proxy.stats.injected['429']).toBe(1);
  });

  it('retries POST /runs after a reset with the same Idempotency-Key', async () => {
    const { target, proxy } = await setup();
    proxy.set({ failNext: { count: 1, answer: 'reset' } });
    await api(proxy).createRun({
      agentId: 'sales.briefer',
      input: { message: 'Hi' },
      context: { dealId: '3f2b1c1e-8a4d-4c1b-9f7e-2d6a5b4c3e21' },
    });
    const keys = proxy.stats.log.map((entry) => entry.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(target.requests).toHaveLength(1);
  });

  it('splits every chunk into single bytes without changing the bytes', async () => {
    const { proxy } = await setup();
    proxy.set({ split: 'bytes' });
    expect(await readStream(proxy)).toMatchObject({ text: STREAM_TEXT, cut: false });
    expect((await api(proxy).listAgents()).data.items).toHaveLength(1);
  });

  it('cuts a stream after a chosen number of bytes, leaving other paths alone', async () => {
    const { proxy } = await setup();
    proxy.set({
      paths: ['/stream'],
      dropProbability: 1,
      dropAfterBytes: 100,
      split: 'random',
      maxPieceBytes: 9,
      chunkDelayMs: [0, 1],
    });
    const { bytes, cut } = await readStream(proxy);
    expect(cut).toBe(true);
    expect(bytes.equals(Buffer.from(STREAM_TEXT, 'utf8').subarray(0, 100))).toBe(true);
    expect(proxy.stats.dropped).toBe(1);
    expect((await api(proxy).listAgents()).data.items).toHaveLength(1);
  });

  it('is reproducible: the same seed cuts at the same places', async () => {
    const cutsFor = async (seed: number): Promise<Array<number | undefined>> => {
      const { proxy } = await setup(seed);
      proxy.set({ dropProbability: 0.7, dropAfterBytes: [1, STREAM_TEXT.length], split: 'random' });
      for (let i = 0; i < 8; i += 1) await readStream(proxy);
      return proxy.stats.log.map((entry) => entry.droppedAfter);
    };
    const first = await cutsFor(99);
    expect(first.some((n) => n !== undefined)).toBe(true);
    expect(await cutsFor(99)).toEqual(first);
  });

  it('delays headers without losing the answer', async () => {
    const { proxy } = await setup();
    proxy.set({ headerDelayMs: 30, chunkDelayMs: 1, split: 'random' });
    expect((await api(proxy).listAgents()).requestId).toBe('req_agents');
  });
});
