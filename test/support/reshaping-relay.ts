// A service we did not write, made from the demo service: a relay on 127.0.0.1 that forwards
// every request as it is (streams included) and lets a test rewrite the JSON answers it chooses,
// for shapes the demo service keeps to the spec for (extra fields, other keys).
import http from 'node:http';
import { sendJson, startTestServer, type TestServer } from './test-server';

export interface Reshaping {
  /** Which GETs to rewrite, by path (everything else, streams included, is forwarded as is). */
  matches(path: string): boolean;
  /** The answer to send instead of the service's JSON answer. */
  reshape(answer: Record<string, unknown>): unknown;
}

export interface ReshapingRelay {
  /** The target's base URL with the relay's origin: a drop-in service address. */
  url: string;
  server: TestServer;
  stop(): Promise<void>;
}

function forward(
  target: URL,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: string,
): void {
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

export async function startReshapingRelay(
  baseUrl: string,
  reshaping: Reshaping,
): Promise<ReshapingRelay> {
  const server = await startTestServer(async (req, res, recorded) => {
    const target = new URL(req.url ?? '/', baseUrl);
    if (req.method !== 'GET' || !reshaping.matches(target.pathname)) {
      forward(target, req, res, recorded.body);
      return;
    }
    const upstream = await fetch(target, { headers: { cookie: req.headers.cookie ?? '' } });
    const answer = (await upstream.json()) as Record<string, unknown>;
    sendJson(res, upstream.status, upstream.ok ? reshaping.reshape(answer) : answer);
  });
  const base = new URL(baseUrl);
  return {
    url: `${server.origin}${base.pathname.replace(/\/$/, '')}`,
    server,
    stop: () => server.stop(),
  };
}
