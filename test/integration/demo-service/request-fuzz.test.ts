// The demo service under fast-check: any method, path, headers and body, as a page, a script or
// a confused client could send them (valid calls, truncated and oversized bodies, wrong types,
// deep nesting, prototype keys, foreign Hosts and Origins). Whatever comes, it answers with an
// envelope that says what was wrong, never crashes or hangs or answers 500, keeps serving, and
// nothing reaches Object.prototype.
import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../support/demo-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ password: 'demo' });
});
afterAll(() => h.service.stop());

const BASE = '/api/v1/assistant';

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(sent: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: h.service.port,
        path: sent.path,
        method: sent.method,
        headers: sent.headers,
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
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(sent.body);
  });
}

const segment = fc.oneof(
  fc.constantFrom(
    'runs',
    'deals',
    'agents',
    'briefings',
    'morning',
    'meeting',
    'usage',
    'summary',
    'stream',
    'login',
    'logout',
    '..',
    '.',
    '%2e%2e',
    '%00',
    '__proto__',
    'constructor',
    'prototype',
  ),
  fc.uuid(),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{0,24}$/),
);
const path = fc
  .tuple(
    fc.constantFrom(BASE, '', `${BASE}/runs`, `${BASE}/deals`),
    fc.array(segment, { maxLength: 4 }),
    fc.option(fc.stringMatching(/^[A-Za-z0-9=&._~%+-]{0,40}$/), { nil: undefined }),
  )
  .map(([base, segments, query]) => {
    const joined = [base, ...segments].join('/');
    const withSlash = joined.startsWith('/') ? joined : `/${joined}`;
    return query === undefined ? withSlash : `${withSlash}?${query}`;
  });

const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const body = fc.oneof(
  fc.constant(undefined),
  // A valid run, with extra keys the document leaves open, deep or not.
  fc
    .tuple(
      fc.constantFrom('sales.deal_coach', 'research.account_brief', 'nope.agent'),
      fc.string({ maxLength: 40 }),
      fc.jsonValue({ maxDepth: 3 }),
      fc.integer({ min: 0, max: 20_000 }),
    )
    .map(
      ([agentId, message, extra, depth]) =>
        `{"agentId":${JSON.stringify(agentId)},"input":{"message":${JSON.stringify(message || 'Hi')},"extra":${JSON.stringify(extra) ?? 'null'},"deep":${nested(depth)}},"context":{"dealId":${JSON.stringify(h.dealId())}}}`,
    ),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
  fc
    .integer({ min: 1, max: 30_000 })
    .map((depth) => (depth % 2 === 0 ? nested(depth) : deepObject(depth))),
  fc.constantFrom(
    '{"__proto__":{"polluted":true},"agentId":"sales.deal_coach"}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"agentId":"sales.deal_coach","input":{"message":"x","__proto__":{"polluted":true}},"context":{"__proto__":{"dealId":"x"}}}',
  ),
  fc.string({ maxLength: 200 }),
  fc.integer({ min: 60_000, max: 200_000 }).map((size) => `{"padding":"${'x'.repeat(size)}"}`),
  fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.nat()).map(([value, cut]) => {
    const whole = JSON.stringify(value) ?? 'null';
    return whole.slice(0, cut % (whole.length + 1));
  }),
);

/** Any request at all. */
const anything: fc.Arbitrary<Sent> = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'),
    path,
    body,
    contentType: fc.constantFrom(
      undefined,
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ),
    cookie: fc.constantFrom('valid', 'none', 'junk'),
    host: fc.constantFrom('own', 'own', 'own', 'localhost', 'foreign'),
    origin: fc.constantFrom(undefined, undefined, 'own', 'null', 'https://evil.example'),
    lastEventId: fc.option(fc.stringMatching(/^[0-9a-z-]{0,20}$/), { nil: undefined }),
    idempotencyKey: fc.option(fc.stringMatching(/^[!-~]{0,30}$/), { nil: undefined }),
  })
  // A sign-out posted with the session's own cookie ends that session, as it should: the checks
  // after the fuzzing need it (one CI run drew it and then got a 401 there).
  // A path no URL parses from (fast-check draws them) is no sign-out.
  .filter(
    (r) =>
      !(
        r.cookie === 'valid' &&
        URL.canParse(r.path, 'http://x') &&
        new URL(r.path, 'http://x').pathname === '/logout'
      ),
  )
  .map((r) => {
    const headers: Record<string, string> = {
      Host:
        r.host === 'foreign'
          ? 'evil.example'
          : `${r.host === 'localhost' ? 'localhost' : '127.0.0.1'}:${h.service.port}`,
    };
    if (r.contentType !== undefined) headers['Content-Type'] = r.contentType;
    if (r.cookie === 'valid') headers.Cookie = h.cookie;
    if (r.cookie === 'junk') headers.Cookie = 'sb-access-token=junk; other=1';
    if (r.origin !== undefined) headers.Origin = r.origin === 'own' ? h.service.origin : r.origin;
    if (r.lastEventId !== undefined) headers['Last-Event-ID'] = r.lastEventId;
    if (r.idempotencyKey !== undefined) headers['Idempotency-Key'] = r.idempotencyKey;
    const withBody = r.method !== 'GET' && r.method !== 'HEAD' ? r.body : undefined;
    // As every client does: a body goes with its length (without it, it would be no body).
    if (withBody !== undefined) headers['Content-Length'] = String(Buffer.byteLength(withBody));
    return { method: r.method, path: r.path, headers, body: withBody };
  });

/** A call the API knows, from a session, with a body of any kind: what reaches the handlers. */
const call: fc.Arbitrary<Sent> = fc
  .record({
    route: fc.constantFrom(
      ['POST', '/runs'],
      ['POST', '/runs'],
      ['GET', '/runs'],
      ['GET', '/runs/:id'],
      ['DELETE', '/runs/:id'],
      ['GET', '/runs/:id/stream'],
      ['GET', '/deals'],
      ['GET', '/deals/:id'],
      ['GET', '/usage/summary'],
    ),
    id: fc.oneof(
      fc.uuid(),
      fc.constant(0).map(() => h.dealId()),
      fc.stringMatching(/^[A-Za-z0-9._~%-]{1,24}$/),
    ),
    query: fc.constantFrom(
      '',
      '?limit=1',
      '?limit=-1',
      '?offset=x',
      '?status=running',
      '?search=%00',
      '?lastEventId=3',
    ),
    body,
    idempotencyKey: fc.option(fc.constantFrom('k1', 'k2', 'k3'), { nil: undefined }),
  })
  .map(({ route: [method, template], id, query, body: text, idempotencyKey }) => {
    const headers: Record<string, string> = {
      Host: `127.0.0.1:${h.service.port}`,
      Cookie: h.cookie,
      'Content-Type': 'application/json',
    };
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
    const withBody = method === 'POST' ? (text ?? '') : undefined;
    if (withBody !== undefined) headers['Content-Length'] = String(Buffer.byteLength(withBody));
    return {
      method,
      path: `${BASE}${template.replace(':id', id)}${query}`,
      headers,
      body: withBody,
    };
  });

const sent = fc.oneof({ arbitrary: call, weight: 1 }, { arbitrary: anything, weight: 1 });

describe('a body nested thousands deep', () => {
  it('is refused as invalid JSON, before anything walks it', async () => {
    const depth = 20_000;
    const text = `{"agentId":"sales.deal_coach","input":{"message":"Hi","deep":${'['.repeat(depth)}${']'.repeat(depth)}},"context":{"dealId":"${h.dealId()}"}}`;
    const answer = await h.call('/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': 'deep' },
      body: text,
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_json');
    expect(body.error.message).toContain('nested more than 64 levels deep');
  });
});

describe('the demo service, fuzzed', () => {
  it('answers every request with an envelope saying what was wrong, never a 500, and goes on', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(sent, async (request) => {
        const answer = await send(request);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expect(
          answer.status,
          `${request.method} ${request.path}: ${answer.body.slice(0, 300)}`,
        ).toBeLessThan(500);
        const type = String(answer.headers['content-type'] ?? '');
        if (
          answer.status >= 400 &&
          request.method !== 'HEAD' &&
          type.startsWith('application/json')
        ) {
          const parsed = JSON.parse(answer.body) as {
            error?: { code?: unknown; message?: unknown };
          };
          expect(typeof parsed.error?.code).toBe('string');
          expect(typeof parsed.error?.message).toBe('string');
        }
      }),
      { numRuns: 300, timeout: 10_000 },
    );
    // Many kinds of answers came up, and the service still serves, as itself only.
    expect(statuses.size).toBeGreaterThan(5);
    expect((await h.call('')).status).toBe(200);
    expect((await h.call('/runs')).status).toBe(200);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  }, 60_000);
});
