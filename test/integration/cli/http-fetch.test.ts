// The command's fetch over node:http, against a real server: what the API client relies on from a
// fetch (status, headers, streamed bodies, no body where there is none, redirects left to the
// caller, abort, connection failures the client reports as network errors).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../electron/core/api';
import { sessionFor } from '../../../electron/core/api/config';
import { AssistantError } from '../../../electron/core/errors';
import { httpFetch } from '../../../electron/cli/http-fetch';

let server: http.Server;
let base: string;
const seen: Array<{
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url === '/stream') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('data: one\n\n');
        setTimeout(() => res.end('data: two\n\n'), 20);
      } else if (req.url === '/empty') {
        res.writeHead(204, { 'X-Why': 'nothing' });
        res.end();
      } else if (req.url === '/moved') {
        res.writeHead(302, { Location: '/elsewhere' });
        res.end('moved');
      } else if (req.url === '/hang') {
        res.writeHead(200);
        res.write('partial');
      } else {
        res.writeHead(201, { 'Content-Type': 'application/json', 'Set-Cookie': ['a=1', 'b=2'] });
        res.end(JSON.stringify({ echoed: body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('httpFetch', () => {
  it('sends the method, headers and body, and answers with status, headers and body', async () => {
    const response = await httpFetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'sb-access-token=t' },
      body: '{"x":"é"}',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ echoed: '{"x":"é"}' });
    const sent = seen.at(-1);
    expect(sent).toMatchObject({ method: 'POST', url: '/echo', body: '{"x":"é"}' });
    expect(sent?.headers.cookie).toBe('sb-access-token=t');
    expect(sent?.headers['content-length']).toBe(String(Buffer.byteLength('{"x":"é"}')));
  });

  it('streams a body as it arrives', async () => {
    const response = await httpFetch(`${base}/stream`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe('data: two\n\n');
  });

  it('has no body on a 204, and leaves a redirect to the caller', async () => {
    const empty = await httpFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    expect(empty.headers.get('x-why')).toBe('nothing');
    const moved = await httpFetch(`${base}/moved`, { redirect: 'manual' });
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/elsewhere');
    expect(seen.some((request) => request.url === '/elsewhere')).toBe(false);
  });

  it('stops a request or a body being read when its signal aborts', async () => {
    const aborted = new AbortController();
    aborted.abort();
    await expect(httpFetch(`${base}/echo`, { signal: aborted.signal })).rejects.toThrow();
    const controller = new AbortController();
    const response = await httpFetch(`${base}/hang`, { signal: controller.signal });
    const reading = response.text();
    controller.abort();
    await expect(reading).rejects.toThrow();
  });

  it('refuses what the client never sends rather than sending it wrong', async () => {
    await expect(
      httpFetch(`${base}/echo`, { method: 'POST', body: new Blob(['x']) }),
    ).rejects.toThrow(TypeError);
    await expect(httpFetch('file:///etc/passwd')).rejects.toThrow(TypeError);
  });

  it('makes an unreachable service a network error of the API client', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}/api/v1/assistant`,
      session: sessionFor(`http://127.0.0.1:${port}/api/v1/assistant`, 'token'),
      fetch: httpFetch,
      retry: { retries: 0 },
    });
    const error = await client.getMetadata().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AssistantError);
    expect((error as AssistantError).kind).toBe('network');
    // What to do in the message; the system's reason as the code, for IT.
    expect((error as AssistantError).message).toContain('VPN');
    expect((error as AssistantError).code).toBe('ECONNREFUSED');
  });
});
