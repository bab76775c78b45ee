// A small same-origin reverse proxy in front of the demo service, used by both sides of the
// comparison: the app's core talks to the service through it, and it serves the minimal page so
// that page's EventSource reaches the API on its own origin (the session cookie is set for it).
// While forwarding it timestamps every server-sent event as it arrives from the service, which is
// how "the service wrote this delta" is timed. It can also add demo-only keys (`input.demo`:
// length and pace of the answer) to the app's POST /runs, since the app's Ask form cannot.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BASE_PATH } from '../../../electron/demo-service';
import { MINIMAL_HTML } from './page-scripts';
import { StreamLog, epochNow, withTimeout } from './stream-log';

export interface DemoKeys {
  tokens: number;
  tokensPerSecond?: number;
}

export interface BenchProxy {
  origin: string;
  /** What the app is configured with: the proxy's origin + the API base path. */
  baseUrl: string;
  /** Demo keys added to every POST /runs from now on (undefined: forward bodies untouched). */
  inject(keys: DemoKeys | undefined): void;
  /** Call before starting a run: resolves with the stream of the next new run requested. */
  expectStream(timeoutMs: number): Promise<StreamLog>;
  stop(): Promise<void>;
}

const STREAM_PATH = new RegExp(`^${BASE_PATH}/runs/([^/?]+)/stream(?:\\?|$)`);
const RUNS_PATH = `${BASE_PATH}/runs`;
const MAX_BODY_BYTES = 1024 * 1024;

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy(new Error('request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function withDemoKeys(body: Buffer, keys: DemoKeys): Buffer {
  const parsed = JSON.parse(body.toString('utf8')) as unknown;
  if (typeof parsed !== 'object' || parsed === null) return body;
  const input = (parsed as { input?: unknown }).input;
  if (typeof input !== 'object' || input === null) return body;
  (input as Record<string, unknown>).demo = { ...keys };
  return Buffer.from(JSON.stringify(parsed));
}

/** Where requests go: the demo service, over one keep-alive agent, with each run's stream log. */
interface Upstream {
  url: URL;
  agent: http.Agent;
  logFor(runId: string): StreamLog;
}

/** Relays an upstream answer; a run's event stream is timestamped chunk by chunk as it arrives. */
function relay(incoming: http.IncomingMessage, res: http.ServerResponse, log?: StreamLog): void {
  res.writeHead(incoming.statusCode ?? 502, incoming.headers);
  if (log === undefined || incoming.statusCode !== 200) {
    incoming.pipe(res);
    return;
  }
  res.socket?.setNoDelay(true);
  res.flushHeaders();
  const connection = log.connection();
  const decoder = new TextDecoder();
  incoming.on('data', (chunk: Buffer) => {
    const at = epochNow();
    res.write(chunk);
    connection.feed(decoder.decode(chunk, { stream: true }), at);
  });
  incoming.on('end', () => res.end());
  incoming.on('error', () => res.destroy());
}

/** Forwards a request upstream, with `body` in place of the request's own when given. */
function forward(
  upstream: Upstream,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer | undefined,
): void {
  const url = req.url ?? '/';
  const headers = { ...req.headers, host: upstream.url.host };
  // The minimal page is the proxy's own page: upstream it stands for one of the service's own
  // pages (the demo service refuses an Origin of another site).
  if (headers.origin !== undefined && headers.origin !== 'null')
    headers.origin = upstream.url.origin;
  if (body !== undefined) {
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
  }
  const streamMatch = req.method === 'GET' ? STREAM_PATH.exec(url) : null;
  const log = streamMatch ? upstream.logFor(decodeURIComponent(streamMatch[1] ?? '')) : undefined;
  let ended = false;
  const outgoing = http.request(
    {
      host: upstream.url.hostname,
      port: upstream.url.port,
      method: req.method,
      path: url,
      headers,
      agent: upstream.agent,
    },
    (incoming) => {
      incoming.on('end', () => {
        ended = true;
      });
      relay(incoming, res, log);
    },
  );
  outgoing.on('error', () => {
    if (!res.headersSent) {
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('upstream failed\n');
    } else res.destroy();
  });
  // The client went away (EventSource closed, core stopped following): stop the upstream too.
  res.on('close', () => {
    if (!ended) outgoing.destroy();
  });
  if (body === undefined) req.pipe(outgoing);
  else outgoing.end(body);
}

/** The minimal page and its script, served by the proxy itself; false for any other request. */
function servePage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  minimalScript: string,
): boolean {
  const url = req.url ?? '/';
  if (req.method === 'GET' && (url === '/' || url.startsWith('/minimal.html'))) {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(MINIMAL_HTML);
    return true;
  }
  if (req.method === 'GET' && url === '/minimal.js') {
    res.writeHead(200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(minimalScript);
    return true;
  }
  return false;
}

/** Listens on a free port of 127.0.0.1; resolves with the server's origin. */
async function listenLocally(server: http.Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export async function startProxy(options: {
  upstreamOrigin: string;
  minimalScript: string;
}): Promise<BenchProxy> {
  const streams = new Map<string, StreamLog>();
  const expecting: Array<(log: StreamLog) => void> = [];
  let injection: DemoKeys | undefined;
  const upstream: Upstream = {
    url: new URL(options.upstreamOrigin),
    agent: new http.Agent({ keepAlive: true }),
    logFor(runId) {
      let log = streams.get(runId);
      if (log === undefined) {
        log = new StreamLog(runId);
        streams.set(runId, log);
        expecting.shift()?.(log);
      }
      return log;
    },
  };

  const server = http.createServer({ noDelay: true }, (req, res) => {
    const url = req.url ?? '/';
    if (servePage(req, res, options.minimalScript)) return;
    if (!url.startsWith(`${BASE_PATH}/`) && url !== BASE_PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found\n');
      return;
    }
    const keys = injection;
    if (req.method === 'POST' && url === RUNS_PATH && keys !== undefined) {
      readBody(req)
        .then((body) => forward(upstream, req, res, withDemoKeys(body, keys)))
        .catch(() => {
          res.writeHead(400, { 'Content-Type': 'text/plain' });
          res.end('bad body\n');
        });
      return;
    }
    forward(upstream, req, res, undefined);
  });
  server.keepAliveTimeout = 1_000;
  const origin = await listenLocally(server);

  return {
    origin,
    baseUrl: `${origin}${BASE_PATH}`,
    inject(keys) {
      injection = keys;
    },
    expectStream(timeoutMs) {
      let resolveLog: ((log: StreamLog) => void) | undefined;
      const promise = new Promise<StreamLog>((resolve) => {
        resolveLog = resolve;
        expecting.push(resolve);
      });
      return withTimeout(promise, timeoutMs, 'no new run stream was requested').finally(() => {
        const index = resolveLog === undefined ? -1 : expecting.indexOf(resolveLog);
        if (index >= 0) expecting.splice(index, 1);
      });
    },
    stop() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        upstream.agent.destroy();
      });
    },
  };
}
