// Creating, listing, reading and cancelling runs: validation, idempotency, paging, the run record,
// deterministic output, failures and quotas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { page, RunRecord, RunSummary, UsageSummary } from '../../support/demo-schemas';
import { startHarness } from '../../support/demo-harness';
import type { Harness } from '../../support/demo-harness';

const RunPage = page(RunSummary);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.service.stop());

const post = (body: string, contentType = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': contentType },
  body,
});

describe('creating a run', () => {
  it('answers 201 with runId, status created and agentId, and a Location', async () => {
    const res = await h.createRun(h.runBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'created', agentId: 'sales.deal_coach' });
    expect(res.headers.get('location')).toBe(`/api/v1/assistant/runs/${res.body.runId}`);
  });

  it('accepts a charset parameter and keys the document leaves open', async () => {
    const body = {
      agentId: 'research.account_brief',
      input: { message: 'Brief me', tone: 'short' },
      context: { dealId: h.dealId(), crm: 'x' },
    };
    const res = await h.call(
      '/runs',
      post(JSON.stringify(body), 'application/json; charset=utf-8'),
    );
    expect(res.status).toBe(201);
  });

  it('refuses other media types with 415 unsupported_media_type', async () => {
    const res = await h.failure('/runs', 415, post(JSON.stringify(h.runBody()), 'text/plain'));
    expect(res.body.error.code).toBe('unsupported_media_type');
    const none = await h.failure('/runs', 415, {
      method: 'POST',
      body: new Uint8Array([123, 125]),
    });
    expect(none.body.error.code).toBe('unsupported_media_type');
  });

  it.each(['{"agentId":', '', 'null x', '\u0000'])(
    'refuses malformed JSON %j with 400 invalid_json',
    async (text) => {
      const res = await h.failure('/runs', 400, post(text));
      expect(res.body.error.code).toBe('invalid_json');
    },
  );

  it('refuses a body over 64 KiB with 413 payload_too_large', async () => {
    const big = JSON.stringify({ ...(h.runBody() as object), padding: 'x'.repeat(70 * 1024) });
    const res = await h.failure('/runs', 413, post(big));
    expect(res.body.error.code).toBe('payload_too_large');
    // The service is still fine afterwards.
    expect((await h.call('')).status).toBe(200);
  });

  it('refuses a chunked body that grows over the limit', async () => {
    const chunk = new TextEncoder().encode(`{"x":"${'y'.repeat(16 * 1024)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8) controller.close();
        else {
          sent += 1;
          controller.enqueue(chunk);
        }
      },
    });
    const res = await h.call('/runs', { ...post(''), body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'payload_too_large',
    );
  });

  it.each([
    [{}, ['agentId', 'input', 'context']],
    [[], ['(body)']],
    [
      {
        agentId: 'Sales.Coach',
        input: { message: 'x' },
        context: { dealId: '00000000-0000-4000-8000-000000000000' },
      },
      ['agentId'],
    ],
    [
      {
        agentId: 'sales',
        input: { message: 'x' },
        context: { dealId: '00000000-0000-4000-8000-000000000000' },
      },
      ['agentId'],
    ],
    [
      {
        agentId: 'sales.deal_coach',
        input: { message: '   ' },
        context: { dealId: '00000000-0000-4000-8000-000000000000' },
      },
      ['input.message'],
    ],
    [
      { agentId: 'sales.deal_coach', input: { message: 5 }, context: { dealId: 'abc' } },
      ['input.message', 'context.dealId'],
    ],
    [{ agentId: 'sales.deal_coach', input: {}, context: {} }, ['input.message', 'context.dealId']],
    [
      {
        agentId: 'sales.deal_coach',
        input: { message: 'x', demo: { tokns: 5 } },
        context: { dealId: '00000000-0000-4000-8000-000000000000' },
      },
      ['input.demo'],
    ],
    [
      {
        agentId: 'sales.deal_coach',
        input: { message: 'x', demo: { tokens: 0 } },
        context: { dealId: '00000000-0000-4000-8000-000000000000' },
      },
      ['input.demo.tokens'],
    ],
  ])('refuses %j with 400 validation_failed naming %j', async (body, fields) => {
    const res = await h.failure('/runs', 400, post(JSON.stringify(body)));
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.fields).toEqual(fields);
    for (const field of fields) expect(res.body.error.message).toContain(field);
  });

  it('refuses an unknown agent and an unknown deal with 422 and distinct codes', async () => {
    const agent = await h.failure(
      '/runs',
      422,
      post(JSON.stringify(h.runBody('x', { agentId: 'sales.nobody' }))),
    );
    expect(agent.body.error).toMatchObject({ code: 'unknown_agent', fields: ['agentId'] });
    expect(agent.body.error.message).toContain('agentId');
    const deal = await h.failure(
      '/runs',
      422,
      post(JSON.stringify(h.runBody('x', { dealId: '00000000-0000-4000-8000-000000000000' }))),
    );
    expect(deal.body.error).toMatchObject({ code: 'unknown_deal', fields: ['context.dealId'] });
  });
});

describe('idempotency', () => {
  it('returns the same run for the same key and body, and 409 for another body', async () => {
    const key = `key-${Date.now()}`;
    const body = h.runBody('idempotent please');
    const first = await h.createRun(body, { 'idempotency-key': key });
    const again = await h.createRun(body, { 'idempotency-key': key });
    expect(again.body.runId).toBe(first.body.runId);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    // Key order does not matter.
    const reordered = JSON.parse(
      JSON.stringify({
        context: (body as { context: unknown }).context,
        input: (body as { input: unknown }).input,
        agentId: 'sales.deal_coach',
      }),
    ) as unknown;
    expect((await h.createRun(reordered, { 'idempotency-key': key })).body.runId).toBe(
      first.body.runId,
    );

    const conflict = await h.failure('/runs', 409, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(h.runBody('something else')),
    });
    expect(conflict.body.error.code).toBe('idempotency_conflict');

    const other = await h.createRun(body, { 'idempotency-key': `${key}-2` });
    expect(other.body.runId).not.toBe(first.body.runId);
  });

  it('does not count a replay as a new run', async () => {
    const key = `count-${Date.now()}`;
    await h.createRun(h.runBody('count me once'), { 'idempotency-key': key });
    const before = await h.data('/usage/summary', UsageSummary);
    await h.createRun(h.runBody('count me once'), { 'idempotency-key': key });
    const after = await h.data('/usage/summary', UsageSummary);
    expect(after.body.runs.count).toBe(before.body.runs.count);
  });
});

describe('a run', () => {
  it('runs to completion without anyone streaming it, and its record says everything', async () => {
    const created = await h.createRun(h.runBody('Plan my week for this deal'));
    await h.service.control.waitForRun(created.body.runId);
    const { body } = await h.data(`/runs/${created.body.runId}`, RunRecord);
    expect(body.status).toBe('succeeded');
    expect(body.partialOutput).toBeNull();
    expect(body.error).toBeNull();
    expect(body.input.message).toBe('Plan my week for this deal');
    expect(body.context.dealId).toBe(h.dealId());
    expect(Date.parse(body.finishedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(body.startedAt ?? ''),
    );
    expect(body.usage.inputTokens).toBeGreaterThan(0);
    expect(body.usage.outputTokens).toBeGreaterThan(50);
    const output = body.output ?? '';
    expect(output).toMatch(/^# /);
    expect(output).toContain('\n## ');
    expect(output).toMatch(/\n\| --- \|/);
    expect(output).toContain('\n```');
    expect(output).toMatch(/\n(1\.|-) /);
    const deal = h.service.control.deals()[0];
    expect(output).toContain(deal?.name);
  });

  it('writes the same output for the same input, and a different one for another message', async () => {
    const a = await h.createRun(h.runBody('same input'));
    const b = await h.createRun(h.runBody('same input'));
    const c = await h.createRun(h.runBody('other input'));
    const [ra, rb, rc] = await Promise.all(
      [a, b, c].map((r) => h.service.control.waitForRun(r.body.runId)),
    );
    expect(rb?.output).toBe(ra?.output);
    expect(rc?.output).not.toBe(ra?.output);
  });

  it('writes exactly input.demo.tokens tokens when asked for a long output', async () => {
    const created = await h.createRun(h.runBody('long one', { demo: { tokens: 5000 } }));
    const record = await h.service.control.waitForRun(created.body.runId);
    expect(record.usage.outputTokens).toBe(5000);
    expect(record.output?.length).toBeGreaterThan(5000);
  });

  it('shows partial output while running', async () => {
    const created = await h.createRun(
      h.runBody('slow', { demo: { tokensPerSecond: 200, tokens: 2000 } }),
    );
    let record = (await h.data(`/runs/${created.body.runId}`, RunRecord)).body;
    for (let i = 0; i < 100 && (record.partialOutput ?? '') === ''; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      record = (await h.data(`/runs/${created.body.runId}`, RunRecord)).body;
    }
    expect(record.status).toBe('running');
    expect(record.output).toBeNull();
    expect(record.partialOutput?.length).toBeGreaterThan(0);
    await h.call(`/runs/${created.body.runId}`, { method: 'DELETE' });
  });

  it('fails midway when the message contains #fail, with an error in the record', async () => {
    const created = await h.createRun(h.runBody('please #fail now'));
    const record = await h.service.control.waitForRun(created.body.runId);
    expect(record.status).toBe('failed');
    expect(record.error).toMatchObject({ code: 'agent_failed' });
    expect(record.usage.outputTokens).toBeGreaterThan(0);
    expect(record.output).toBe(h.service.control.runOutput(created.body.runId));
  });

  it('fails after input.demo.failAfterTokens tokens', async () => {
    const created = await h.createRun(h.runBody('x', { demo: { fail: true, failAfterTokens: 7 } }));
    const record = await h.service.control.waitForRun(created.body.runId);
    expect(record).toMatchObject({ status: 'failed', usage: { outputTokens: 7 } });
  });

  it('fails every run when the service is told to, unless a run says demo.fail false', async () => {
    h.service.control.setFailRuns(true);
    try {
      const failing = await h.createRun(h.runBody('anything'));
      const spared = await h.createRun(h.runBody('anything', { demo: { fail: false } }));
      expect((await h.service.control.waitForRun(failing.body.runId)).status).toBe('failed');
      expect((await h.service.control.waitForRun(spared.body.runId)).status).toBe('succeeded');
    } finally {
      h.service.control.setFailRuns(false);
    }
  });

  it('answers 404 run_not_found for unknown runs, on every run endpoint', async () => {
    for (const init of [{}, { method: 'DELETE' }]) {
      const res = await h.failure('/runs/no-such-run', 404, init);
      expect(res.body.error.code).toBe('run_not_found');
    }
    expect((await h.failure('/runs/no-such-run/stream', 404)).body.error.code).toBe(
      'run_not_found',
    );
  });
});

describe('cancelling', () => {
  it('cancels a running run (200, record with status cancelled) and refuses a finished one (409)', async () => {
    const pace = { demo: { tokensPerSecond: 50, tokens: 10 } };
    const created = await h.createRun(h.runBody('cancel me', pace));
    // Same pace and length: once it has finished, the cancelled run would have finished too.
    const companion = await h.createRun(h.runBody('let me run', pace));
    const cancelled = await h.data(`/runs/${created.body.runId}`, RunRecord, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.finishedAt).not.toBeNull();
    expect(cancelled.body.output).not.toBeNull();

    const again = await h.failure(`/runs/${created.body.runId}`, 409, { method: 'DELETE' });
    expect(again.body.error.code).toBe('run_not_cancellable');
    // It stays cancelled, its output frozen, past the time it would have taken to finish.
    expect((await h.service.control.waitForRun(companion.body.runId)).status).toBe('succeeded');
    const later = await h.data(`/runs/${created.body.runId}`, RunRecord);
    expect(later.body.status).toBe('cancelled');
    expect(later.body.output).toEqual(cancelled.body.output);
  });
});

describe('listing runs', () => {
  it('pages newest first with total, limit and offset, and filters by status', async () => {
    const other = await startHarness();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 25; i += 1)
        ids.push((await other.createRun(other.runBody(`run ${i}`))).body.runId);
      await Promise.all(ids.map((id) => other.service.control.waitForRun(id)));

      const first = await other.data('/runs', RunPage);
      expect(first.body).toMatchObject({ total: 25, limit: 20, offset: 0 });
      expect(first.body.items.map((r) => r.runId)).toEqual(ids.slice(5).reverse());
      const second = await other.data('/runs?limit=20&offset=20', RunPage);
      expect(second.body.items.map((r) => r.runId)).toEqual(ids.slice(0, 5).reverse());
      expect(second.body.items[0]).not.toHaveProperty('output');

      const max = await other.data('/runs?limit=100', RunPage);
      expect(max.body.items).toHaveLength(25);
      const succeeded = await other.data('/runs?status=succeeded&limit=1', RunPage);
      expect(succeeded.body).toMatchObject({ total: 25 });
      const failed = await other.data('/runs?status=failed', RunPage);
      expect(failed.body).toMatchObject({ items: [], total: 0 });
    } finally {
      await other.service.stop();
    }
  });

  it.each(['limit=0', 'limit=101', 'limit=ten', 'offset=-5', 'offset=1e3', 'status=done'])(
    'refuses %s with 400 invalid_parameter',
    async (query) => {
      const res = await h.failure(`/runs?${query}`, 400);
      expect(res.body.error.code).toBe('invalid_parameter');
    },
  );
});

describe('usage and quotas', () => {
  it('counts requests, runs and tokens in the current calendar month', async () => {
    const other = await startHarness({ clock: () => new Date('2026-11-15T12:00:00.000Z') });
    try {
      const before = await other.data('/usage/summary', UsageSummary);
      expect(before.body.billingPeriod).toEqual({
        start: '2026-11-01T00:00:00.000Z',
        end: '2026-12-01T00:00:00.000Z',
      });
      expect(before.body).toMatchObject({
        requests: { count: 1, limit: null },
        runs: { count: 0, limit: 500 },
        tokens: { input: 0, output: 0, limit: 2_000_000 },
      });

      const created = await other.createRun(other.runBody('count my tokens'));
      const record = await other.service.control.waitForRun(created.body.runId);
      await other.call('/nope');
      const after = await other.data('/usage/summary', UsageSummary);
      expect(after.body.requests.count).toBe(4);
      expect(after.body.runs.count).toBe(1);
      expect(after.body.tokens).toMatchObject({
        input: record.usage.inputTokens,
        output: record.usage.outputTokens,
      });

      await other.call('', { auth: false });
      expect((await other.data('/usage/summary', UsageSummary)).body.requests.count).toBe(5);
    } finally {
      await other.service.stop();
    }
  });

  it('refuses new runs with 429 quota_exceeded once the run quota is used up', async () => {
    const other = await startHarness({ limits: { runs: 2 } });
    try {
      await other.createRun(other.runBody('one'));
      await other.createRun(other.runBody('two'));
      const res = await other.failure('/runs', 429, post(JSON.stringify(other.runBody('three'))));
      expect(res.body.error).toMatchObject({ code: 'quota_exceeded', quota: 'runs', limit: 2 });
      expect(res.body.error.message).toContain('runs quota');
    } finally {
      await other.service.stop();
    }
  });

  it('refuses new runs once the token quota is used up', async () => {
    h.service.control.setLimits({ tokens: 1000 });
    h.service.control.setUsage({ inputTokens: 600, outputTokens: 400 });
    try {
      const res = await h.failure('/runs', 429, post(JSON.stringify(h.runBody())));
      expect(res.body.error).toMatchObject({ code: 'quota_exceeded', quota: 'tokens' });
    } finally {
      h.service.control.setLimits({ tokens: null });
    }
  });

  it('refuses every request but the usage summary once the request quota is used up', async () => {
    const other = await startHarness({ limits: { requests: 3 } });
    try {
      for (let i = 0; i < 3; i += 1) expect((await other.call('')).status).toBe(200);
      const res = await other.failure('/agents', 429);
      expect(res.body.error).toMatchObject({ code: 'quota_exceeded', quota: 'requests' });
      const usage = await other.data('/usage/summary', UsageSummary);
      expect(usage.body.requests).toEqual({ count: 4, limit: 3 });
      other.service.control.setUsage({ requests: 0 });
      expect((await other.call('')).status).toBe(200);
    } finally {
      await other.service.stop();
    }
  });
});
