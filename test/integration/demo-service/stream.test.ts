// The run stream: wire format, event order, replay and resume, several readers, cancellation,
// failures, keep-alive comments and injected cuts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeltaEvent, DoneEvent, RunRecord, StatusEvent } from '../../support/demo-schemas';
import {
  eventsOf,
  outputOf,
  parseFrames,
  readStream,
  startHarness,
} from '../../support/demo-harness';
import type { Harness, RunEventFrame } from '../../support/demo-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ keepAliveMs: 50 });
});
afterAll(() => h.service.stop());

const stream = (runId: string, init: RequestInit & { query?: string } = {}): Promise<Response> =>
  h.call(`/runs/${runId}/stream${init.query ?? ''}`, {
    ...init,
    headers: { accept: 'text/event-stream', ...(init.headers as Record<string, string>) },
  });

const statuses = (events: readonly RunEventFrame[]): string[] =>
  events.filter((e) => e.event === 'status').map((e) => StatusEvent.parse(e.data).status);

/** Checks the documented shape of every event, and that ids count up by one. */
function checkEvents(events: readonly RunEventFrame[], firstId = 1): void {
  events.forEach((e, i) => {
    expect(e.id).toBe(firstId + i);
    if (e.event === 'status') StatusEvent.parse(e.data);
    else if (e.event === 'delta') DeltaEvent.parse(e.data);
    else if (e.event === 'done') DoneEvent.parse(e.data);
    else throw new Error(`unexpected event ${e.event}`);
  });
}

describe('the run stream', () => {
  it('sends retry, then status created → queued → running, deltas, status succeeded and done, then closes', async () => {
    const created = await h.createRun(h.runBody('stream me', { demo: { tokensPerSecond: 2000 } }));
    const res = await stream(created.body.runId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const { frames, events, ended } = await readStream(res);
    expect(ended).toBe(true);
    expect(frames[0]?.retry).toBe('2000');
    checkEvents(events);
    expect(statuses(events)).toEqual(['created', 'queued', 'running', 'succeeded']);
    const kinds = events.map((e) => e.event);
    expect(kinds.slice(0, 3)).toEqual(['status', 'status', 'status']);
    expect(kinds.at(-2)).toBe('status');
    expect(kinds.at(-1)).toBe('done');
    expect(kinds.slice(3, -2).every((k) => k === 'delta')).toBe(true);

    const record = RunRecord.parse(
      ((await (await h.call(`/runs/${created.body.runId}`)).json()) as { data: unknown }).data,
    );
    expect(outputOf(events)).toBe(record.output);
    const done = DoneEvent.parse(events.at(-1)?.data);
    expect(done).toMatchObject({ status: 'succeeded', usage: record.usage });
    expect(done.usage.outputTokens).toBe(kinds.filter((k) => k === 'delta').length);
  });

  it('replays a finished run from the start and closes', async () => {
    const created = await h.createRun(h.runBody('finished already'));
    const record = await h.service.control.waitForRun(created.body.runId);
    const { events, ended } = await readStream(await stream(created.body.runId));
    expect(ended).toBe(true);
    checkEvents(events);
    expect(statuses(events)).toEqual(['created', 'queued', 'running', 'succeeded']);
    expect(outputOf(events)).toBe(record.output);
    expect(events.at(-1)?.id).toBe(record.lastEventId);
  });

  it('resumes after Last-Event-ID (header or query): only what follows, nothing twice', async () => {
    const created = await h.createRun(h.runBody('resume me'));
    const record = await h.service.control.waitForRun(created.body.runId);
    const all = (await readStream(await stream(created.body.runId))).events;

    const byHeader = (
      await readStream(await stream(created.body.runId, { headers: { 'last-event-id': '10' } }))
    ).events;
    expect(byHeader[0]?.id).toBe(11);
    expect(byHeader).toEqual(all.slice(10));
    expect(outputOf(all.slice(0, 10)) + outputOf(byHeader)).toBe(record.output);

    const byQuery = (
      await readStream(
        await stream(created.body.runId, { query: `?lastEventId=${all.length - 1}` }),
      )
    ).events;
    expect(byQuery.map((e) => e.event)).toEqual(['done']);

    const pastTheEnd = await readStream(
      await stream(created.body.runId, { headers: { 'last-event-id': String(all.length) } }),
    );
    expect(pastTheEnd).toMatchObject({ events: [], ended: true });
  });

  it('resumes a live run after a dropped connection, ending with the same text', async () => {
    const created = await h.createRun(
      h.runBody('drop me', { demo: { tokensPerSecond: 1000, tokens: 300 } }),
    );
    const first = await readStream(
      await stream(created.body.runId),
      (events) => events.length >= 20,
    );
    expect(first.ended).toBe(false);
    const lastId = first.events.at(-1)?.id ?? 0;
    const rest = await readStream(
      await stream(created.body.runId, { headers: { 'last-event-id': String(lastId) } }),
    );
    expect(rest.events[0]?.id).toBe(lastId + 1);
    const record = await h.service.control.waitForRun(created.body.runId);
    expect(outputOf([...first.events, ...rest.events])).toBe(record.output);
  });

  it('refuses a Last-Event-ID that is not an event id', async () => {
    const created = await h.createRun(h.runBody('x'));
    const res = await h.failure(`/runs/${created.body.runId}/stream`, 400, {
      headers: { 'last-event-id': 'abc' },
    });
    expect(res.body.error.code).toBe('invalid_parameter');
  });

  it('serves several readers of one run at once, identically', async () => {
    const created = await h.createRun(
      h.runBody('many readers', { demo: { tokensPerSecond: 1000, tokens: 400 } }),
    );
    const results = await Promise.all(
      [1, 2, 3].map(async () => readStream(await stream(created.body.runId))),
    );
    const record = await h.service.control.waitForRun(created.body.runId);
    for (const result of results) {
      expect(result.ended).toBe(true);
      checkEvents(result.events);
      expect(outputOf(result.events)).toBe(record.output);
    }
  });

  it('ends the stream with status cancelled and done when the run is cancelled mid-stream', async () => {
    const created = await h.createRun(
      h.runBody('cancel mid-stream', { demo: { tokensPerSecond: 100, tokens: 5000 } }),
    );
    const res = await stream(created.body.runId);
    let cancelled = false;
    const result = await readStream(res, (events) => {
      if (!cancelled && events.filter((e) => e.event === 'delta').length >= 5) {
        cancelled = true;
        void h.call(`/runs/${created.body.runId}`, { method: 'DELETE' });
      }
      return false;
    });
    expect(result.ended).toBe(true);
    checkEvents(result.events);
    expect(statuses(result.events).at(-1)).toBe('cancelled');
    const done = DoneEvent.parse(result.events.at(-1)?.data);
    expect(done.status).toBe('cancelled');
    expect(done.usage.outputTokens).toBeLessThan(5000);
    expect(outputOf(result.events)).toBe(h.service.control.runOutput(created.body.runId));
  });

  it('reports a failing run: status failed with an error, then done with the error', async () => {
    const created = await h.createRun(h.runBody('this will #fail'));
    const { events } = await readStream(await stream(created.body.runId));
    checkEvents(events);
    expect(statuses(events)).toEqual(['created', 'queued', 'running', 'failed']);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0);
    const done = DoneEvent.parse(events.at(-1)?.data);
    expect(done.status).toBe('failed');
    expect(done.error?.code).toBe('agent_failed');
  });

  it('sends keep-alive comments while a run is quiet', async () => {
    const created = await h.createRun(
      h.runBody('quiet', { demo: { tokensPerSecond: 10, tokens: 3 } }),
    );
    const { frames, ended } = await readStream(await stream(created.body.runId));
    expect(ended).toBe(true);
    expect(frames.some((f) => f.comment === 'keep-alive')).toBe(true);
  });

  it('cuts the next stream after K events when told to, and a reader can resume', async () => {
    const created = await h.createRun(h.runBody('cut me'));
    await h.service.control.waitForRun(created.body.runId);
    h.service.control.cutNextStreams({ afterEvents: 5 });
    const res = await stream(created.body.runId);
    const text = await res.text().catch(() => 'dropped');
    const got = text === 'dropped' ? [] : eventsOf(parseFrames(text).frames);
    expect(got.length).toBeLessThanOrEqual(5);
    expect(got.some((e) => e.event === 'done')).toBe(false);
    // The switch is used up: the next stream is whole.
    const whole = await readStream(await stream(created.body.runId));
    expect(whole.events.at(-1)?.event).toBe('done');
  });

  it('survives a reader that disconnects mid-stream', async () => {
    const created = await h.createRun(
      h.runBody('leave early', { demo: { tokensPerSecond: 2000, tokens: 400 } }),
    );
    const partial = await readStream(
      await stream(created.body.runId),
      (events) => events.length >= 10,
    );
    expect(partial.ended).toBe(false);
    const record = await h.service.control.waitForRun(created.body.runId);
    expect(record.status).toBe('succeeded');
    expect((await h.call('')).status).toBe(200);
  });

  it('needs authentication', async () => {
    const created = await h.createRun(h.runBody('x'));
    const res = await h.failure(`/runs/${created.body.runId}/stream`, 401, { auth: false });
    expect(res.body.error.code).toBe('unauthorized');
  });
});
