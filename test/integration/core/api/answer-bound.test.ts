// The JSON client reads an answer up to a bound (core/limits.ts): past it the call fails in words,
// at once and without a retry, and the rest of the answer is never downloaded.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../electron/core/api/client';
import { sessionFor } from '../../../../electron/core/api/config';
import { failure } from '../../../support/failure';
import { envelope, sendJson, startTestServer, type TestServer } from '../../../support/test-server';

const BASE_PATH = '/api/v1/assistant';
const CAP = 64 * 1024;

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function serve(handler: Parameters<typeof startTestServer>[0]) {
  const s = await startTestServer(handler);
  servers.push(s);
  const api = createApiClient({
    baseUrl: `${s.origin}${BASE_PATH}`,
    session: sessionFor(s.origin, 'tok_0123456789'),
    timeoutMs: 5_000,
    maxBodyBytes: CAP,
    retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 2, totalTimeMs: 5_000 },
  });
  return { s, api };
}

/** Writes a JSON-looking answer without a length, 1 KB at a time, until the client goes away. */
function endless(res: ServerResponse, status = 200): Promise<number> {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  const chunk = Buffer.alloc(1024, 'x');
  let sent = 0;
  res.write('{"data":"');
  return new Promise((resolve) => {
    res.on('close', () => resolve(sent));
    const pump = (): void => {
      while (!res.destroyed && sent < 64 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    pump();
  });
}

describe('an answer over the bound', () => {
  it('fails in words after about the bound, once, and the service stops sending', async () => {
    let stopped: Promise<number> | undefined;
    const { s, api } = await serve((_req, res) => {
      stopped = endless(res);
    });
    const error = await failure(api.getDeal('deal_1'));
    expect(error.kind).toBe('bad_response');
    expect(error.code).toBe('answer_too_large');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/^The service sent an answer too large to read \(over 64 KB\)/);
    // Not retried (the same answer would come again), and the transfer was cut off, far short of
    // the 64 MB the server would have sent.
    expect(s.requests).toHaveLength(1);
    expect(await stopped).toBeLessThan(16 * 1024 * 1024);
  });

  it('is refused before a byte is read when its declared length says so; an error body too', async () => {
    const { api } = await serve((req, res) => {
      if (req.url?.includes('deals')) {
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'Content-Length': String(CAP + 1),
        });
        // Never sends the body: the client must not wait for it.
        res.flushHeaders();
        return;
      }
      void endless(res, 500);
    });
    const declared = await failure(api.getDeal('deal_1'));
    expect(declared.code).toBe('answer_too_large');
    const errorBody = await failure(api.getMetadata());
    expect(errorBody.code).toBe('answer_too_large');
    expect(errorBody.status).toBe(500);
  });

  it('reads an answer of exactly the bound, multi-byte characters split across chunks and all', async () => {
    const filler = 'é'.repeat(1000);
    const { api } = await serve((_req, res) => {
      const answer = envelope({ id: 'deal_1', name: 'Acme', notes: filler }, 'req_1');
      const text = JSON.stringify(answer);
      const padded = text + ' '.repeat(CAP - Buffer.byteLength(text));
      const bytes = Buffer.from(padded);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      // Odd-sized pieces cut through the two-byte characters.
      for (let at = 0; at < bytes.length; at += 333) res.write(bytes.subarray(at, at + 333));
      res.end();
    });
    const deal = await api.getDeal('deal_1');
    expect(deal.data.data).toMatchObject({ id: 'deal_1', name: 'Acme', notes: filler });
  });

  it('is refused in words when it nests deeper than any real answer, before it is parsed', async () => {
    const depth = 5_000;
    const { api } = await serve((_req, res) => {
      const notes = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const text = `{"data":{"id":"d","notes":${notes}},"requestId":"r","version":"v1"}`;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(text);
    });
    const error = await failure(api.getDeal('d'));
    expect(error.code).toBe('answer_too_deep');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/^The service sent an answer nested too deeply to read/);
  });

  it('leaves ordinary answers as they were', async () => {
    const { api } = await serve((_req, res) => sendJson(res, 200, envelope({ id: 'd' }, 'r')));
    expect((await api.getDeal('d')).requestId).toBe('r');
  });
});
