// The demo service is reachable only as itself. A page elsewhere that points its own name at
// 127.0.0.1 (DNS rebinding) is refused by its Host, a page of another site by its Origin; without
// a password given, sign-in needs a random one no page can know; each session sees only its own
// runs; and a body too large is refused with a 413 its sender always reads.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startHarness, type Harness } from '../../support/demo-harness';

const BASE = '/api/v1/assistant';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with the headers exactly as given (fetch will not set Host). */
function raw(
  service: DemoService,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: service.port,
        path,
        method: options.method ?? 'GET',
        headers: { Host: `127.0.0.1:${service.port}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const code = (answer: Answer): string =>
  (JSON.parse(answer.body) as { error: { code: string } }).error.code;

const signInForm = (password: string) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ email: 'eve@example.com', password }).toString(),
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ password: 'demo' });
});
afterAll(() => h.service.stop());

describe('DNS rebinding: a foreign Host', () => {
  it('is refused on the API and the sign-in page, session or not, before anything else', async () => {
    const cookie = `sb-access-token=${h.service.token}`;
    for (const host of [
      `evil.example:${h.service.port}`,
      'evil.example',
      `127.0.0.2:${h.service.port}`,
    ]) {
      const api = await raw(h.service, `${BASE}/runs`, { headers: { Host: host, cookie } });
      expect(api.status, host).toBe(421);
      expect(code(api)).toBe('misdirected_request');
      // Signing in with the password every page knows gets nowhere either: no cookie is set.
      const signIn = await raw(h.service, '/login', {
        ...signInForm('demo'),
        headers: { ...signInForm('demo').headers, Host: host },
      });
      expect(signIn.status, host).toBe(421);
      expect(signIn.headers['set-cookie']).toBeUndefined();
    }
  });

  it('lets the names of this computer through, in any case', async () => {
    const cookie = `sb-access-token=${h.service.token}`;
    for (const host of [
      `127.0.0.1:${h.service.port}`,
      `localhost:${h.service.port}`,
      `LocalHost:${h.service.port}`,
    ]) {
      expect((await raw(h.service, BASE, { headers: { Host: host, cookie } })).status, host).toBe(
        200,
      );
    }
  });
});

describe('a foreign Origin', () => {
  it('is refused on the API, with the session, and on the sign-in page', async () => {
    const cookie = `sb-access-token=${h.service.token}`;
    const api = await raw(h.service, `${BASE}/runs`, {
      headers: { Origin: 'https://evil.example', cookie },
    });
    expect(api.status).toBe(403);
    expect(code(api)).toBe('forbidden_origin');
    // Another port of this computer is another origin too.
    const sibling = await raw(h.service, BASE, {
      headers: { Origin: `http://127.0.0.1:${h.service.port + 1}`, cookie },
    });
    expect(sibling.status).toBe(403);
    const signIn = await raw(h.service, '/login', {
      ...signInForm('demo'),
      headers: { ...signInForm('demo').headers, Origin: 'https://evil.example' },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.headers['set-cookie']).toBeUndefined();
  });

  it('lets its own pages through, and the app, which sends none', async () => {
    const cookie = `sb-access-token=${h.service.token}`;
    for (const origin of [h.service.origin, `http://localhost:${h.service.port}`]) {
      expect((await raw(h.service, BASE, { headers: { Origin: origin, cookie } })).status).toBe(
        200,
      );
    }
    expect((await raw(h.service, BASE, { headers: { cookie } })).status).toBe(200);
  });
});

describe('the sign-in password', () => {
  it('is random unless one is given, shown nowhere on the page, and "demo" no longer works', async () => {
    const service = await startDemoService({ pacing: 'instant' });
    try {
      expect(service.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      const page = await (await fetch(service.loginUrl)).text();
      expect(page).not.toContain(service.password);
      expect(page).not.toMatch(/password <strong>/);
      const wrong = await fetch(service.loginUrl, { redirect: 'manual', ...signInForm('demo') });
      expect(wrong.status).toBe(401);
      const right = await fetch(service.loginUrl, {
        redirect: 'manual',
        ...signInForm(service.password),
      });
      expect(right.status).toBe(303);
      const other = await startDemoService({ pacing: 'instant' });
      expect(other.password).not.toBe(service.password);
      await other.stop();
    } finally {
      await service.stop();
    }
  });
});

describe('runs of one session', () => {
  it('are not seen by another: not read, listed, streamed, cancelled or replayed', async () => {
    const mine = `sb-access-token=${h.service.token}`;
    const theirs = `sb-access-token=${h.service.control.createSession()}`;
    const created = await h.createRun(h.runBody('Our confidential pricing floor is 40k'), {
      'Idempotency-Key': 'key-1',
    });
    const runId = created.body.runId;
    const as = (cookie: string, path: string, init: RequestInit = {}) =>
      h.call(path, { ...init, headers: { ...init.headers, cookie } });

    expect((await as(mine, `/runs/${runId}`)).status).toBe(200);
    for (const [path, init] of [
      [`/runs/${runId}`, {}],
      [`/runs/${runId}/stream`, {}],
      [`/runs/${runId}`, { method: 'DELETE' }],
    ] as const) {
      const answer = await as(theirs, path, init);
      expect(answer.status, `${init.method ?? 'GET'} ${path}`).toBe(404);
      const text = await answer.text();
      expect(text).toContain('run_not_found');
      expect(text).not.toContain('pricing floor');
    }
    const list = (await (await as(theirs, '/runs')).json()) as { data: { items: unknown[] } };
    expect(JSON.stringify(list)).not.toContain(runId);
    // The same Idempotency-Key from them makes a run of their own, not a replay of mine.
    const replay = await as(theirs, '/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': 'key-1' },
      body: JSON.stringify(h.runBody('Our confidential pricing floor is 40k')),
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotency-replayed')).toBeNull();
    expect(((await replay.json()) as { data: { runId: string } }).data.runId).not.toBe(runId);
    // Still mine: listed and readable by the session that made it.
    const own = (await (await as(mine, '/runs')).json()) as { data: { items: unknown[] } };
    expect(JSON.stringify(own)).toContain(runId);
  });

  it('are seen by a session that renews it (the same user signing in again)', async () => {
    const first = h.service.control.createSession();
    const created = await h.call('/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sb-access-token=${first}` },
      body: JSON.stringify(h.runBody('Mine across a sign-in')),
    });
    const { runId } = ((await created.json()) as { data: { runId: string } }).data;
    h.service.control.expireSession(first);
    const renewed = h.service.control.createSession({ renews: first });
    const read = await h.call(`/runs/${runId}`, {
      headers: { cookie: `sb-access-token=${renewed}` },
    });
    expect(read.status).toBe(200);
  });
});

describe('a body too large', () => {
  it('is refused with a 413 the sender reads every time, and the service goes on', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(5 * 1024 * 1024) });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await h.call('/runs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(answer.status).toBe(413);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe(
        'payload_too_large',
      );
      // Read to its end, the connection may serve the next request.
      expect(answer.headers.get('connection')).not.toBe('close');
    }
    expect((await h.call('')).status).toBe(200);
  });

  it('is cut off with the connection when it says it is too large even to drain', async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: h.service.port,
          path: `${BASE}/runs`,
          method: 'POST',
          headers: {
            Host: `127.0.0.1:${h.service.port}`,
            cookie: `sb-access-token=${h.service.token}`,
            'content-type': 'application/json',
            'content-length': String(1024 * 1024 * 1024),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      req.on('error', reject);
      // The body never comes: the answer must not wait for it.
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(code(answer)).toBe('payload_too_large');
  });
});
