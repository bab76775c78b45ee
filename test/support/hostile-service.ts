// An Assistant Service that answers as documented until asked for something it can send without
// end: a run whose stream floods (an SSE delta after another, up to `floodBytes`) and a deal whose
// JSON never stops (chunked, no length, up to `floodBytes`). Each flood is made of one buffer
// written again and again, so the test process pays nothing for it, and stops when the client
// goes away. It records how far each flood got.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

const BASE_PATH = '/api/v1/assistant';

export interface Flood {
  /** Bytes written before the client went away (or the flood ended). */
  sent: number;
  /** Whether the client closed the connection before the whole flood was sent. */
  cutShort: boolean;
}

export interface HostileService {
  baseUrl: string;
  /** One entry per flood started, in order: `run:<id>` or `deal:<id>`. */
  floods: Map<string, Promise<Flood>>;
  stop(): Promise<void>;
}

export const FLOOD_RUN_MESSAGE = 'flood';
export const FLOOD_DEAL_ID = 'deal_flood';

function envelope(data: unknown): string {
  return JSON.stringify({ data, requestId: `req_${Date.now()}`, version: 'v1' });
}

function sendJson(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
  });
  res.end(body);
}

/** Writes `head`, then `unit` until `total` bytes or the client leaves, then `tail`. */
function flood(
  res: http.ServerResponse,
  parts: { head: string; unit: Buffer; tail: string; total: number },
): Promise<Flood> {
  return new Promise((resolve) => {
    let sent = 0;
    let ended = false;
    res.on('close', () => resolve({ sent, cutShort: !ended }));
    res.write(parts.head);
    const pump = (): void => {
      while (!res.destroyed && sent < parts.total) {
        sent += parts.unit.length;
        if (!res.write(parts.unit)) {
          res.once('drain', pump);
          return;
        }
      }
      if (res.destroyed) return;
      ended = true;
      res.end(parts.tail);
    };
    pump();
  });
}

const METADATA = {
  service: 'assistant',
  version: 'v1',
  environment: 'hostile',
  org: { id: 'org_h', name: 'Hostile Inc' },
  principal: { type: 'user', authMode: 'session', userId: 'u_h', scopes: ['runs:write'] },
  capabilities: {
    streaming: true,
    runs: true,
    briefings: true,
    deals: true,
    tokens: false,
    usage: true,
  },
};

function usage(): unknown {
  const start = new Date(Date.UTC(2026, 0, 1)).toISOString();
  const end = new Date(Date.UTC(2099, 0, 1)).toISOString();
  return {
    billingPeriod: { start, end },
    requests: { count: 0, limit: null },
    runs: { count: 0, limit: null },
    tokens: { input: 0, output: 0, limit: null },
  };
}

export async function startHostileService(options: {
  floodBytes: number;
}): Promise<HostileService> {
  const floods = new Map<string, Promise<Flood>>();
  const runs = new Map<string, { flood: boolean }>();
  const sockets = new Set<Socket>();
  // 16 KB of text per event, then its end: what a run streams, again and again.
  const text = 'All work and no play makes Jack a dull boy. '.repeat(372);
  const deltaUnit = Buffer.from(`event: delta\ndata: {"text":"${text}"}\n\n`);
  const dealUnit = Buffer.alloc(64 * 1024, 'x');

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hostile.invalid');
    const path = url.pathname.slice(BASE_PATH.length);
    req.resume();
    if (path === '' || path === '/') return sendJson(res, 200, envelope(METADATA));
    if (path === '/usage/summary') return sendJson(res, 200, envelope(usage()));
    if (path === '/runs' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          agentId: string;
          input: { message: string };
        };
        const runId = `run_${runs.size + 1}`;
        runs.set(runId, { flood: body.input.message === FLOOD_RUN_MESSAGE });
        sendJson(res, 201, envelope({ runId, status: 'created', agentId: body.agentId }));
      });
      return;
    }
    const stream = /^\/runs\/([^/]+)\/stream$/.exec(path);
    if (stream?.[1] !== undefined && runs.has(stream[1])) {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      if (runs.get(stream[1])?.flood) {
        floods.set(
          `run:${stream[1]}`,
          flood(res, { head: '', unit: deltaUnit, tail: '', total: options.floodBytes }),
        );
        return;
      }
      res.end(
        'id: 1\nevent: delta\ndata: {"text":"A short, honest answer."}\n\n' +
          'id: 2\nevent: done\ndata: {"status":"succeeded","usage":{"inputTokens":1,"outputTokens":5}}\n\n',
      );
      return;
    }
    const run = /^\/runs\/([^/]+)$/.exec(path);
    if (run?.[1] !== undefined && runs.has(run[1])) {
      return sendJson(res, 200, envelope({ runId: run[1], status: 'running', agentId: 'a' }));
    }
    if (path === '/agents') {
      return sendJson(res, 200, envelope([{ id: 'sales.coach', name: 'Coach' }]));
    }
    if (path === `/deals/${FLOOD_DEAL_ID}`) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      floods.set(
        `deal:${FLOOD_DEAL_ID}`,
        flood(res, {
          head: `{"data":{"id":"${FLOOD_DEAL_ID}","name":"Endless","notes":"`,
          unit: dealUnit,
          tail: '"},"requestId":"req_flood","version":"v1"}',
          total: options.floodBytes,
        }),
      );
      return;
    }
    const deal = /^\/deals\/([^/]+)$/.exec(path);
    if (deal?.[1] !== undefined) {
      return sendJson(res, 200, envelope({ id: deal[1], name: 'Acme renewal', stage: 'Proposal' }));
    }
    sendJson(res, 404, JSON.stringify({ error: { code: 'not_found', message: 'No such thing' } }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${BASE_PATH}`,
    floods,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
