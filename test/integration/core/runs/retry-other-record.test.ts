// Retry of a run asked elsewhere, against a service whose run record keeps the question and the
// deal under other keys than the spec shows (`prompt`, `deal_id`): the run screens show that
// question and offer Retry, so core must ask it again rather than answer `run_not_retryable`.
// The service is the demo service behind a relay that reshapes only that run's record.
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../../electron/demo-service';
import { sendJson, startTestServer, type TestServer } from '../../../support/test-server';
import { createManager, tempDataDir, UpdateLog } from './helpers';

let service: DemoService;
let relay: TestServer;
let dealId: string;
/** Run ids whose record the relay answers in the other shape. */
const reshaped = new Set<string>();

function forward(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
  const target = new URL(req.url ?? '/', service.baseUrl);
  const upstream = http.request(
    target,
    { method: req.method, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  upstream.end(body);
}

beforeAll(async () => {
  service = await startDemoService({ pacing: 'instant' });
  const first = service.control.deals()[0];
  if (!first) throw new Error('the demo service has no deals');
  dealId = first.id;
  relay = await startTestServer(async (req, res, recorded) => {
    const runId = /\/runs\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    if (req.method === 'GET' && runId !== undefined && reshaped.has(runId)) {
      const upstream = await fetch(new URL(req.url ?? '/', service.baseUrl), {
        headers: { cookie: req.headers.cookie ?? '' },
      });
      const envelope = (await upstream.json()) as {
        data: { input: { message: string }; context: { dealId: string } } & Record<string, unknown>;
      };
      const { input, context, ...rest } = envelope.data;
      sendJson(res, 200, {
        ...envelope,
        data: { ...rest, prompt: input.message, deal_id: context.dealId },
      });
      return;
    }
    forward(req, res, recorded.body);
  });
});

afterAll(async () => {
  await relay.stop();
  await service.stop();
});

it('retries a run whose record keeps its question and deal under other keys', async () => {
  const baseUrl = new URL(new URL(service.baseUrl).pathname, relay.origin).href.replace(/\/$/, '');
  const manager = createManager(baseUrl, { token: service.token }, await tempDataDir());
  const log = new UpdateLog(manager);
  try {
    const created = await fetch(`${service.baseUrl}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sb-access-token=${service.token}` },
      body: JSON.stringify({
        agentId: 'sales.email_writer',
        input: { message: 'Asked in another tool' },
        context: { dealId },
      }),
    });
    const elsewhere = ((await created.json()) as { data: { runId: string } }).data.runId;
    await service.control.waitForRun(elsewhere, 30_000);
    reshaped.add(elsewhere);

    const again = await manager.retry(elsewhere);

    // The record it read was the reshaped one, and the new run asks the same question.
    expect(relay.requests.some((r) => r.method === 'GET' && r.url.endsWith(elsewhere))).toBe(true);
    expect(again.runId).not.toBe(elsewhere);
    expect(again).toMatchObject({ agentId: 'sales.email_writer', dealId });
    expect(service.control.getRun(again.runId)?.input).toMatchObject({
      message: 'Asked in another tool',
    });
    await log.done(again.runId);
  } finally {
    log.unsubscribe();
    await manager.close();
  }
});
