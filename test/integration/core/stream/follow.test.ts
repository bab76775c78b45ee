// The run follower against small SSE servers on 127.0.0.1 that behave in ways the demo service
// does not: replaying from the start, no event ids, silence, a clean close on a finished run.
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { AssistantError } from '../../../../electron/core/errors';
import type { FollowItem } from '../../../../electron/core/stream/events';
import { sessionFor } from '../../../../electron/core/api/config';
import {
  followRun,
  type FollowOptions,
  type RunFollow,
} from '../../../../electron/core/stream/follow';
import {
  envelope,
  errorEnvelope,
  sendJson,
  startTestServer,
  type TestHandler,
  type TestServer,
} from '../../../support/test-server';

const BASE = '/api/v1/assistant';
const servers: TestServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function serve(handler: TestHandler): Promise<TestServer> {
  const server = await startTestServer(handler);
  servers.push(server);
  return server;
}

function openSse(res: http.ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
  res.flushHeaders();
}

function frame(id: number | undefined, event: string, data: unknown): string {
  const idLine = id === undefined ? '' : `id: ${id}\n`;
  return `${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const WORDS = Array.from({ length: 20 }, (_, i) => `word${i} `);
const FULL_TEXT = WORDS.join('');

function isStream(url: string): boolean {
  return url.endsWith('/stream');
}

function options(server: TestServer, extra: Partial<FollowOptions> = {}): FollowOptions {
  return {
    config: { baseUrl: server.origin + BASE, session: sessionFor(server.origin, 'token-one') },
    runId: 'run_1',
    reconnect: { baseDelayMs: 5, maxDelayMs: 50, maxAttempts: 5 },
    random: () => 0.5,
    ...extra,
  };
}

async function collect(follow: RunFollow): Promise<{ items: FollowItem[]; text: string }> {
  const items: FollowItem[] = [];
  for await (const item of follow) items.push(item);
  return { items, text: textOf(items) };
}

function textOf(items: FollowItem[]): string {
  return items
    .map((item) => (item.type === 'event' && item.event.type === 'output' ? item.event.text : ''))
    .join('');
}

function lastEventIdHeaders(server: TestServer): Array<string | undefined> {
  return server.requests
    .filter((r) => isStream(r.url))
    .map((r) => r.headers['last-event-id'] as string | undefined);
}

describe('following a run stream over real HTTP', () => {
  it('resumes after a dropped connection with Last-Event-ID, losing and repeating nothing', async () => {
    let connection = 0;
    const server = await serve((req, res) => {
      if (!isStream(req.url ?? ''))
        return sendJson(res, 200, envelope({ runId: 'run_1', status: 'running' }));
      connection += 1;
      openSse(res);
      const from = Number(req.headers['last-event-id'] ?? 0);
      res.write('retry: 10\n\n');
      const until = connection === 1 ? 8 : WORDS.length;
      for (let id = from + 1; id <= until; id += 1)
        res.write(frame(id, 'delta', { delta: WORDS[id - 1] }));
      if (connection === 1) {
        // Half an event, then the network goes away.
        res.write('id: 9\nevent: delta\ndata: {"delta":"wo');
        setTimeout(() => res.socket?.destroy(), 10);
        return;
      }
      res.end(frame(WORDS.length + 1, 'run.completed', { status: 'succeeded' }));
    });
    const follow = followRun(options(server));
    const { items, text } = await collect(follow);
    expect(text).toBe(FULL_TEXT);
    expect(lastEventIdHeaders(server)).toEqual([undefined, '8']);
    expect(items.some((item) => item.type === 'connection' && item.state === 'retrying')).toBe(
      true,
    );
    const final = items.find((item) => item.type === 'event' && item.event.type === 'final');
    expect(final).toMatchObject({ event: { status: 'succeeded', source: 'stream' } });
    expect(follow.lastEventId).toBe(String(WORDS.length + 1));
  });

  it('skips events a server replays from the start after a resume', async () => {
    let connection = 0;
    const server = await serve((req, res) => {
      connection += 1;
      openSse(res);
      // Ignores Last-Event-ID: always starts again at 1; ids carry id-less events in between.
      for (let id = 1; id <= WORDS.length; id += 1) {
        res.write(frame(id, 'delta', { delta: WORDS[id - 1] }));
        res.write(`event: note\ndata: after ${id}\n\n`);
        if (connection === 1 && id === 6) {
          setTimeout(() => res.socket?.destroy(), 10);
          return;
        }
      }
      res.end(frame(undefined, 'done', { status: 'completed' }));
    });
    const { items, text } = await collect(followRun(options(server)));
    expect(text).toBe(FULL_TEXT);
    const notes = items.filter((item) => item.type === 'event' && item.event.type === 'other');
    expect(notes).toHaveLength(WORDS.length);
    expect(lastEventIdHeaders(server)).toEqual([undefined, '6']);
  });

  it('refuses to guess when a stream without ids drops mid-run', async () => {
    const server = await serve((req, res) => {
      if (!isStream(req.url ?? ''))
        return sendJson(res, 200, envelope({ runId: 'run_1', status: 'running' }));
      openSse(res);
      res.write('data: Hello\n\n');
      res.write('data:  world\n\n');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    const follow = followRun(options(server));
    const items: FollowItem[] = [];
    const error = await (async () => {
      try {
        for await (const item of follow) items.push(item);
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(textOf(items)).toBe('Hello world');
    expect(error).toBeInstanceOf(AssistantError);
    expect((error as AssistantError).code).toBe('stream_not_resumable');
    // The run record was consulted before giving up, and no second stream was opened.
    expect(server.requests.map((r) => r.url)).toEqual([
      `${BASE}/runs/run_1/stream`,
      `${BASE}/runs/run_1`,
    ]);
  });

  it('asks the run record when the stream closes without a final event, and fills only what is missing', async () => {
    const server = await serve((req, res) => {
      if (!isStream(req.url ?? '')) {
        return sendJson(
          res,
          200,
          envelope({
            runId: 'run_1',
            status: 'succeeded',
            output: FULL_TEXT,
            usage: { outputTokens: 20 },
          }),
        );
      }
      openSse(res);
      for (let id = 1; id <= 12; id += 1) res.write(frame(id, 'delta', { delta: WORDS[id - 1] }));
      res.end();
    });
    const { items, text } = await collect(followRun(options(server)));
    expect(text).toBe(FULL_TEXT);
    const events = items.flatMap((item) => (item.type === 'event' ? [item.event] : []));
    expect(events.at(-1)).toEqual({
      type: 'final',
      status: 'succeeded',
      usage: { outputTokens: 20 },
      source: 'record',
    });
    expect(server.requests.map((r) => r.url)).toEqual([
      `${BASE}/runs/run_1/stream`,
      `${BASE}/runs/run_1`,
    ]);
  });

  it('reconnects a stalled stream, while keep-alive comments keep a quiet one open', async () => {
    let connection = 0;
    let keepAlivesWhileOpen = 0;
    const server = await serve((req, res) => {
      connection += 1;
      openSse(res);
      if (connection === 1) {
        res.write(frame(1, 'delta', { delta: 'a' }));
        // Quiet but alive: 8 keep-alive comments 40 ms apart (longer than the 150 ms stall
        // timeout in all), then silent for good.
        let sent = 0;
        const timer = setInterval(() => {
          if (res.destroyed) return;
          res.write(': keep-alive\n\n');
          keepAlivesWhileOpen += 1;
          sent += 1;
          if (sent === 8) clearInterval(timer);
        }, 40);
        res.on('close', () => clearInterval(timer));
        return;
      }
      expect(req.headers['last-event-id']).toBe('1');
      res.write(frame(2, 'delta', { delta: 'b' }));
      res.end(frame(3, 'done', {}));
    });
    const { items, text } = await collect(followRun(options(server, { stallTimeoutMs: 150 })));
    expect(text).toBe('ab');
    expect(connection).toBe(2);
    // The client stayed through every keep-alive and gave up only on the silence after them.
    expect(keepAlivesWhileOpen).toBe(8);
    const retry = items.find((item) => item.type === 'connection' && item.state === 'retrying');
    expect(retry).toMatchObject({ reason: expect.stringContaining('No data') });
  });

  it('re-attaches at once on request (after sleep or a network change)', async () => {
    let connection = 0;
    const server = await serve((req, res) => {
      connection += 1;
      openSse(res);
      if (connection === 1) {
        res.write(frame(1, 'delta', { delta: 'before ' }));
        return; // holds the connection open, silent
      }
      res.write(frame(2, 'delta', { delta: 'after' }));
      res.end(frame(3, 'done', {}));
    });
    const follow = followRun(options(server));
    const items: FollowItem[] = [];
    for await (const item of follow) {
      items.push(item);
      if (item.type === 'event' && item.event.type === 'output' && item.event.text === 'before ') {
        follow.reattach();
      }
    }
    expect(textOf(items)).toBe('before after');
    expect(lastEventIdHeaders(server)).toEqual([undefined, '1']);
    expect(items.some((item) => item.type === 'connection' && item.state === 'retrying')).toBe(
      false,
    );
  });

  it('parks on 401 until the session is renewed, then re-attaches to the same run', async () => {
    let valid = 'token-one';
    const server = await serve((req, res) => {
      if (req.headers.cookie !== `sb-access-token=${valid}`) {
        return sendJson(res, 401, errorEnvelope('unauthorized', 'Authentication is required.'));
      }
      openSse(res);
      const from = Number(req.headers['last-event-id'] ?? 0);
      if (from === 0) {
        res.write(frame(1, 'delta', { delta: 'one ' }));
        valid = 'token-two'; // the session expires while the run goes on
        setTimeout(() => res.socket?.destroy(), 10);
        return;
      }
      res.write(frame(2, 'delta', { delta: 'two' }));
      res.end(frame(3, 'run.completed', { status: 'succeeded' }));
    });
    let token = 'token-one';
    let unauthorized = 0;
    const follow = followRun({
      ...options(server),
      config: {
        baseUrl: server.origin + BASE,
        session: sessionFor(
          server.origin,
          () => token,
          () => (unauthorized += 1),
        ),
      },
    });
    const items: FollowItem[] = [];
    for await (const item of follow) {
      items.push(item);
      if (item.type === 'connection' && item.state === 'session_expired') {
        expect(follow.state).toBe('session_expired');
        token = 'token-two';
        setTimeout(() => follow.resumeAfterSignIn(), 20);
      }
    }
    expect(textOf(items)).toBe('one two');
    expect(unauthorized).toBe(1);
    const streams = server.requests.filter((r) => isStream(r.url));
    expect(streams.at(-1)?.headers.cookie).toBe('sb-access-token=token-two');
    expect(streams.at(-1)?.headers['last-event-id']).toBe('1');
  });

  it('tells the session which token a refused stream carried, even if it changed meanwhile', async () => {
    let token = 'token-one';
    const server = await serve((_req, res) => {
      // The user signs in again while this request waits for its answer, which is a refusal.
      token = 'token-two';
      setTimeout(() => sendJson(res, 401, errorEnvelope('unauthorized', 'Session expired.')), 20);
    });
    const reported: string[] = [];
    const follow = followRun({
      ...options(server),
      config: {
        baseUrl: server.origin + BASE,
        session: sessionFor(
          server.origin,
          () => token,
          (sent) => reported.push(sent.token),
        ),
      },
    });
    for await (const item of follow) {
      if (item.type === 'connection' && item.state === 'session_expired') follow.close();
    }
    expect(server.requests[0]?.headers.cookie).toBe('sb-access-token=token-one');
    expect(reported).toEqual(['token-one']);
  });

  it('parks when the stream itself reports the session as unauthorized', async () => {
    let connection = 0;
    const server = await serve((req, res) => {
      connection += 1;
      openSse(res);
      if (connection === 1) {
        res.write(frame(1, 'delta', { delta: 'x' }));
        res.end(frame(2, 'error', { error: { code: 'unauthorized', message: 'Session expired' } }));
        return;
      }
      res.end(frame(3, 'done', {}));
    });
    const reported: string[] = [];
    const follow = followRun({
      ...options(server),
      config: {
        baseUrl: server.origin + BASE,
        session: sessionFor(server.origin, 'token-one', (sent) => reported.push(sent.token)),
      },
    });
    const states: string[] = [];
    for await (const item of follow) {
      if (item.type === 'connection') states.push(item.state);
      if (item.type === 'connection' && item.state === 'session_expired')
        follow.resumeAfterSignIn();
      expect(item.type === 'event' && item.event.type === 'error').toBe(false);
    }
    expect(states).toContain('session_expired');
    expect(reported).toEqual(['token-one']);
    // Resumes after the error event itself.
    expect(lastEventIdHeaders(server)).toEqual([undefined, '2']);
  });

  it('honours Retry-After on 503 and gives up after the bounded number of attempts', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/html', 'Retry-After': '0' });
      res.end('<html><body><h1>503 Service Unavailable</h1></body></html>');
    });
    const follow = followRun(
      options(server, { reconnect: { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 3 } }),
    );
    const items: FollowItem[] = [];
    let error: unknown;
    try {
      for await (const item of follow) items.push(item);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({ code: 'stream_gave_up', retryable: true });
    expect((error as AssistantError).message).toContain('503 Service Unavailable');
    expect(server.requests).toHaveLength(4);
    expect(
      items.filter((item) => item.type === 'connection' && item.state === 'retrying'),
    ).toHaveLength(3);
  });

  it('waits at least what Retry-After asks', async () => {
    let connection = 0;
    const server = await serve((_req, res) => {
      connection += 1;
      if (connection === 1) {
        return sendJson(res, 429, errorEnvelope('rate_limited', 'Slow down'), {
          'Retry-After': '1',
        });
      }
      openSse(res);
      res.end(frame(1, 'done', {}));
    });
    const items = (await collect(followRun(options(server)))).items;
    const retry = items.find((item) => item.type === 'connection' && item.state === 'retrying');
    expect(retry).toMatchObject({ delayMs: 1000 });
  });

  it.each([
    [
      404,
      'application/json',
      JSON.stringify(errorEnvelope('not_found', 'No such run.')),
      'service',
      'not_found',
    ],
    [
      200,
      'text/html',
      '<html><title>Portal</title><body>Sign in to the Wi-Fi</body></html>',
      'bad_response',
      'not_an_event_stream',
    ],
    [400, 'text/html', '<html><body>Bad request</body></html>', 'bad_response', 'http_400'],
  ])('fails clearly on HTTP %i %s', async (status, type, body, kind, code) => {
    const server = await serve((_req, res) => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(body);
    });
    let error: unknown;
    try {
      await collect(followRun(options(server)));
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({ kind, code, retryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it('reports a failing run with its error', async () => {
    const server = await serve((_req, res) => {
      openSse(res);
      res.write(frame(1, 'status', { status: 'running' }));
      res.write(frame(2, 'delta', { delta: 'Partial' }));
      res.end(
        frame(3, 'run.failed', {
          status: 'failed',
          error: { code: 'agent_error', message: 'The agent crashed.' },
        }),
      );
    });
    const { items, text } = await collect(followRun(options(server)));
    expect(text).toBe('Partial');
    const events = items.flatMap((item) => (item.type === 'event' ? [item.event.type] : []));
    expect(events).toEqual(['status', 'output', 'final']);
    expect(items.at(-2)).toMatchObject({
      event: {
        type: 'final',
        status: 'failed',
        error: { code: 'agent_error', message: 'The agent crashed.' },
      },
    });
  });

  it('prefers the final event that follows a terminal status (it carries usage)', async () => {
    const server = await serve((_req, res) => {
      openSse(res);
      res.write(frame(1, 'delta', { text: 'Done.' }));
      res.write(frame(2, 'status', { status: 'succeeded' }));
      setTimeout(
        () => res.end(frame(3, 'done', { status: 'succeeded', usage: { outputTokens: 1 } })),
        30,
      );
    });
    const { items } = await collect(followRun(options(server)));
    const events = items.flatMap((item) => (item.type === 'event' ? [item.event] : []));
    expect(events.map((event) => event.type)).toEqual(['output', 'status', 'final']);
    expect(events.at(-1)).toMatchObject({ status: 'succeeded', usage: { outputTokens: 1 } });
  });

  it('ends from a terminal status when no final event follows, without asking the record', async () => {
    const server = await serve((_req, res) => {
      openSse(res);
      res.write(frame(1, 'delta', { text: 'Done.' }));
      res.write(frame(2, 'status', { status: 'cancelled' }));
      // …and the connection stays open, silent.
    });
    const { items } = await collect(followRun(options(server, { finalGraceMs: 50 })));
    expect(items.at(-2)).toMatchObject({
      type: 'event',
      event: { type: 'final', status: 'cancelled', source: 'stream' },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('stops quietly when closed or aborted', async () => {
    const server = await serve((_req, res) => {
      openSse(res);
      res.write(frame(1, 'delta', { delta: 'x' }));
    });
    const controller = new AbortController();
    const follow = followRun(options(server, { signal: controller.signal }));
    const items: FollowItem[] = [];
    for await (const item of follow) {
      items.push(item);
      if (item.type === 'event') controller.abort();
    }
    expect(textOf(items)).toBe('x');
    expect(follow.state).toBe('closed');
  });
});
