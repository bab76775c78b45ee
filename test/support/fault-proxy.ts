// A fault-injecting HTTP proxy on 127.0.0.1 in front of one target (the demo service, say).
// Tests point the client at `proxy.url` and turn faults on and off while requests flow:
//
// - drop the connection after a random number of response bytes (streams by default),
// - cut every response chunk into single bytes or random small pieces,
// - delay the headers and/or every piece,
// - answer the next N requests (or a random share) with 503/429 + Retry-After, an nginx-style
//   502 HTML page, or a reset connection,
// - restrict all of that to some paths (e.g. only `/stream`),
// - rewrite the JSON answers to chosen GETs (`rewrite`): a service we did not write, made from
//   the demo service (a run record with its question under other keys, a principal with a name).
//
// Responses are relayed piece by piece as they arrive (never buffered, but for a rewritten
// answer), request headers
// (Cookie, Last-Event-ID, Idempotency-Key…) and bodies pass through unchanged. Randomness comes
// from a seeded PRNG, and the seed is in `stats.seed`, so a failing run can be replayed (for the
// same sequence of requests).

import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mulberry32 } from '../../electron/demo-service/data/random';

export type InjectedAnswer = '503' | '429' | '502-html' | 'reset';
export type Range = number | readonly [min: number, max: number];

export interface FaultSettings {
  /** Faults apply only to requests whose path contains one of these strings or matches one of
   * these patterns; all requests when empty or absent. */
  paths?: ReadonlyArray<string | RegExp>;
  /** Chance (0..1) that a matching response is cut off after `dropAfterBytes` bytes. */
  dropProbability?: number;
  /** Bytes of body relayed before the cut; a range is drawn per response. Default [0, 4096]. */
  dropAfterBytes?: Range;
  /** Cut only `text/event-stream` responses (default true). */
  dropStreamsOnly?: boolean;
  /** `bytes`: every byte written alone; `random`: pieces of 1..maxPieceBytes. */
  split?: 'none' | 'bytes' | 'random';
  maxPieceBytes?: number;
  /** Wait before relaying the status line and headers, in ms. */
  headerDelayMs?: Range;
  /** Wait before each relayed piece, in ms. */
  chunkDelayMs?: Range;
  /** Answer the next `count` matching requests with `answer` instead of forwarding them. */
  failNext?: { count: number; answer: InjectedAnswer; retryAfterSeconds?: number };
  /** Chance (0..1) that a matching request gets one of `failAnswers` instead. */
  failProbability?: number;
  failAnswers?: readonly InjectedAnswer[];
  /** Retry-After sent with injected 503/429 answers (seconds, default 0). */
  retryAfterSeconds?: number;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  injected?: InjectedAnswer;
  /** Response body bytes relayed before the connection was cut, when it was cut. */
  droppedAfter?: number;
  /** True once the request was written in full to the target: the target has it. */
  forwarded?: boolean;
}

export interface FaultProxyStats {
  seed: number;
  requests: number;
  forwarded: number;
  injected: Record<InjectedAnswer, number>;
  dropped: number;
  bytesRelayed: number;
  /** Every request seen, in order (headers included, for assertions on what was sent). */
  log: ProxiedRequest[];
}

export interface FaultProxy {
  /** The target's URL with the proxy's origin: a drop-in base URL. */
  url: string;
  origin: string;
  /** Merges into the current settings (a `failNext` replaces the pending one). */
  set(faults: FaultSettings): void;
  /** Back to a transparent proxy (stats keep accumulating over the proxy's life). */
  reset(): void;
  readonly stats: FaultProxyStats;
  stop(): Promise<void>;
}

export interface FaultProxyOptions {
  /** Target origin or base URL, e.g. `http://127.0.0.1:4100/api/v1/assistant`. */
  target: string;
  /** PRNG seed; random (and reported in stats.seed) when absent. */
  seed?: number;
  faults?: FaultSettings;
  rewrite?: AnswerRewrite;
}

/** Which GETs' JSON answers to rewrite, by path, and how (2xx answers only). */
export interface AnswerRewrite {
  matches(path: string): boolean;
  rewrite(answer: Record<string, unknown>): unknown;
}

/** Picks cut points reproducibly from a seed (replay a failure with `proxy.stats.seed`). */
export const createRandom = mulberry32;

export const NGINX_502_PAGE = [
  '<html>',
  '<head><title>502 Bad Gateway</title></head>',
  '<body>',
  '<center><h1>502 Bad Gateway</h1></center>',
  '<hr><center>nginx</center>',
  '</body>',
  '</html>',
  '',
].join('\r\n');

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'proxy-authenticate',
  'proxy-authorization',
]);

const wait = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const random = createRandom(seed);
  let faults: FaultSettings = { ...options.faults };
  let pendingFailures = faults.failNext ? { ...faults.failNext } : undefined;
  const sockets = new Set<Socket>();
  const stats: FaultProxyStats = {
    seed,
    requests: 0,
    forwarded: 0,
    injected: { '503': 0, '429': 0, '502-html': 0, reset: 0 },
    dropped: 0,
    bytesRelayed: 0,
    log: [],
  };

  const draw = (range: Range | undefined, fallback: number): number => {
    if (range === undefined) return fallback;
    if (typeof range === 'number') return range;
    const [min, max] = range;
    return Math.floor(min + random() * (max - min + 1));
  };

  const matches = (path: string): boolean => {
    const filters = faults.paths;
    if (!filters || filters.length === 0) return true;
    return filters.some((f) => (typeof f === 'string' ? path.includes(f) : f.test(path)));
  };

  const pickInjection = (): { answer: InjectedAnswer; retryAfter: number } | undefined => {
    if (pendingFailures && pendingFailures.count > 0) {
      pendingFailures.count -= 1;
      return {
        answer: pendingFailures.answer,
        retryAfter: pendingFailures.retryAfterSeconds ?? faults.retryAfterSeconds ?? 0,
      };
    }
    const p = faults.failProbability ?? 0;
    const answers = faults.failAnswers ?? [];
    if (p > 0 && answers.length > 0 && random() < p) {
      const answer = answers[Math.floor(random() * answers.length)] ?? '503';
      return { answer, retryAfter: faults.retryAfterSeconds ?? 0 };
    }
    return undefined;
  };

  // Piece sizes are drawn per response and carried across upstream chunks, so the cut points
  // depend only on the bytes, not on how TCP happened to deliver them to us.
  const createSplitter = (): ((chunk: Buffer) => Buffer[]) => {
    let pieceLeft = 0;
    return (chunk) => {
      const mode = faults.split ?? 'none';
      if (mode === 'none') return [chunk];
      const max = Math.max(1, faults.maxPieceBytes ?? 7);
      const pieces: Buffer[] = [];
      for (let at = 0; at < chunk.length;) {
        if (pieceLeft === 0) pieceLeft = mode === 'bytes' ? 1 : 1 + Math.floor(random() * max);
        const size = Math.min(pieceLeft, chunk.length - at);
        pieces.push(chunk.subarray(at, at + size));
        pieceLeft -= size;
        at += size;
      }
      return pieces;
    };
  };

  const server = http.createServer((req, res) => {
    stats.requests += 1;
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const entry: ProxiedRequest = { method: req.method ?? 'GET', path, headers: req.headers };
    stats.log.push(entry);
    const active = matches(path);
    const injection = active ? pickInjection() : undefined;

    if (injection) {
      entry.injected = injection.answer;
      stats.injected[injection.answer] += 1;
      req.resume();
      void answerInjected(res, injection.answer, injection.retryAfter);
      return;
    }

    stats.forwarded += 1;
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = target.host;
    const upstream = http.request({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers,
    });
    upstream.on('finish', () => {
      entry.forwarded = true;
    });
    req.pipe(upstream);
    // The client went away (or we cut it off): the target must see the disconnect too.
    res.on('close', () => upstream.destroy());
    upstream.on('error', () => {
      if (!res.headersSent) {
        res.writeHead(502, { 'Content-Type': 'text/html' });
        res.end(NGINX_502_PAGE);
      } else {
        res.destroy();
      }
    });
    upstream.on('response', (answer) => {
      if (rewrites(entry, answer)) void relayRewritten(answer, res);
      else void relay(answer, res, entry, active);
    });
  });

  async function answerInjected(
    res: http.ServerResponse,
    answer: InjectedAnswer,
    retryAfter: number,
  ): Promise<void> {
    await wait(draw(faults.headerDelayMs, 0));
    if (answer === 'reset') {
      res.socket?.destroy();
      return;
    }
    if (answer === '502-html') {
      res.writeHead(502, { 'Content-Type': 'text/html', Server: 'nginx' });
      res.end(NGINX_502_PAGE);
      return;
    }
    if (answer === '503') {
      res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': String(retryAfter) });
      res.end('503 Service Unavailable');
      return;
    }
    const body = JSON.stringify({
      error: { code: 'rate_limited', message: 'Too many requests.' },
      requestId: `proxy_${stats.requests}`,
      version: 'v1',
    });
    res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': String(retryAfter) });
    res.end(body);
  }

  function rewrites(entry: ProxiedRequest, answer: http.IncomingMessage): boolean {
    const ok = (answer.statusCode ?? 0) >= 200 && (answer.statusCode ?? 0) < 300;
    const json = String(answer.headers['content-type'] ?? '').includes('application/json');
    return ok && json && entry.method === 'GET' && options.rewrite?.matches(entry.path) === true;
  }

  async function relayRewritten(answer: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of answer as AsyncIterable<Buffer>) chunks.push(chunk);
    const original = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    const body = Buffer.from(JSON.stringify(options.rewrite?.rewrite(original)));
    res.writeHead(answer.statusCode ?? 200, {
      'Content-Type': String(answer.headers['content-type']),
      'Content-Length': String(body.length),
    });
    res.end(body);
    stats.bytesRelayed += body.length;
  }

  async function relay(
    answer: http.IncomingMessage,
    res: http.ServerResponse,
    entry: ProxiedRequest,
    active: boolean,
  ): Promise<void> {
    const headers: Array<[string, string | string[]]> = [];
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      if (name === 'location' && typeof value === 'string' && value.startsWith(target.origin)) {
        headers.push([name, proxyOrigin + value.slice(target.origin.length)]);
      } else {
        headers.push([name, value]);
      }
    }
    const contentType = String(answer.headers['content-type'] ?? '');
    const isStream = contentType.includes('text/event-stream');
    const mayDrop = active && (isStream || faults.dropStreamsOnly === false);
    const dropAt =
      mayDrop && random() < (faults.dropProbability ?? 0)
        ? draw(faults.dropAfterBytes ?? [0, 4096], 0)
        : undefined;
    if (active) await wait(draw(faults.headerDelayMs, 0));
    if (res.destroyed) {
      answer.destroy();
      return;
    }
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, Object.fromEntries(headers));
    res.flushHeaders();

    let sent = 0;
    const split = createSplitter();
    const cut = (): void => {
      entry.droppedAfter = sent;
      stats.dropped += 1;
      answer.destroy();
      res.socket?.destroy();
    };
    if (dropAt === 0) {
      cut();
      return;
    }
    try {
      for await (const chunk of answer as AsyncIterable<Buffer>) {
        for (const piece of active ? split(chunk) : [chunk]) {
          if (active) await wait(draw(faults.chunkDelayMs, 0));
          if (res.destroyed) return;
          if (dropAt !== undefined && sent + piece.length >= dropAt) {
            const head = piece.subarray(0, dropAt - sent);
            if (head.length > 0) await write(res, head);
            sent += head.length;
            stats.bytesRelayed += head.length;
            cut();
            return;
          }
          await write(res, piece);
          sent += piece.length;
          stats.bytesRelayed += piece.length;
        }
      }
      res.end();
    } catch {
      res.destroy();
    }
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const proxyOrigin = `http://127.0.0.1:${port}`;
  const targetPath = target.pathname === '/' ? '' : target.pathname.replace(/\/+$/, '');

  return {
    url: proxyOrigin + targetPath,
    origin: proxyOrigin,
    set(next) {
      faults = { ...faults, ...next };
      if (next.failNext) pendingFailures = { ...next.failNext };
    },
    reset() {
      faults = {};
      pendingFailures = undefined;
    },
    stats,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Writes one piece and waits until it is handed to the socket (backpressure included). */
function write(res: http.ServerResponse, piece: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    res.write(piece, (error) => (error ? reject(error) : resolve()));
  });
}
