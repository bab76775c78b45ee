// Browser mode's host: serves the built renderer on loopback and carries the contract over one
// WebSocket to the same backend the Electron app uses (same handler table, same wrapper). Only
// the page opened from the address this host printed can drive it: the Host header must be
// loopback (no DNS rebinding), the socket's Origin must be this host's, and the socket must
// present the per-start secret, which travels only in that address's fragment (never in what the
// host serves, which anyone on this computer can fetch). Refusals are logged as counts.
import { timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { HostErrorCodes, type EventName, type EventPayload } from '../contract';
import {
  ClientFrame,
  SECRET_PROTOCOL_PREFIX,
  WIRE_PATH,
  WIRE_PROTOCOL,
  hostSecretUrl,
  type HostFrame,
} from '../contract/wire';
import type { Backend } from '../core/backend';
import type { Logger } from '../core/logs/logger';
import { buildContentSecurityPolicy } from '../core/security/csp';
import { preparePage } from './page';
import { createRefusalLog } from './refusals';
import { contentTypeFor, resolveStatic } from './static-files';

export interface WebHostOptions {
  backend: Pick<Backend, 'dispatch' | 'events'>;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** The per-start secret a page must present (hex); only the printed address carries it. */
  secret: string;
  /** 0 picks a free port. */
  port?: number;
  log: Logger;
  /** A page connected (`pageId` names it in every call it makes) or went away. */
  onPageConnected?: (pageId: string) => void;
  onPageClosed?: (pageId: string) => void;
}

export interface WebHost {
  /** The address to open: `http://127.0.0.1:<port>/#token=<secret>` (print it, never log it). */
  url: string;
  /** `http://127.0.0.1:<port>`, without the secret. */
  origin: string;
  /** The address to open on a route (`#/deals`), with the secret. */
  urlFor(route: string): string;
  port: number;
  /** Sockets currently connected (a page is open). */
  connections(): number;
  stop(): Promise<void>;
}

/** Largest frame accepted from a page: a long message plus its envelope. */
const MAX_FRAME_BYTES = 1024 * 1024;
/** Beyond this much unsent data a page is not keeping up; events for it are dropped. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const log = options.log;
  const root = await realpath(options.rendererDir);
  const template = await readFile(`${root}/index.html`, 'utf8');
  const secret = options.secret;
  const refusals = createRefusalLog(log);
  const sockets = new Set<WebSocket>();
  let pageCount = 0;

  // Known once listening.
  let port = 0;
  let allowedHosts: string[] = [];
  let allowedOrigins: string[] = [];
  let csp = '';
  let page = '';

  const securityHeaders = (response: ServerResponse) => {
    response.setHeader('Content-Security-Policy', csp);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.setHeader('X-Frame-Options', 'DENY');
    response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    response.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  };

  const refuse = (response: ServerResponse, status: number, message: string) => {
    securityHeaders(response);
    response.writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    response.end(`${message}\n`);
  };

  const hostAllowed = (request: IncomingMessage) =>
    request.headers.host !== undefined && allowedHosts.includes(request.headers.host.toLowerCase());

  const server = createServer((request, response) => {
    void (async () => {
      if (!hostAllowed(request)) {
        refusals.refused('host');
        refuse(response, 421, 'Misdirected request');
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.setHeader('Allow', 'GET, HEAD');
        refuse(response, 405, 'Method not allowed');
        return;
      }
      const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const resolved = await resolveStatic(root, pathname);
      securityHeaders(response);
      if (resolved.kind === 'forbidden') {
        refuse(response, 403, 'Forbidden');
      } else if (resolved.kind === 'not-found') {
        refuse(response, 404, 'Not found');
      } else if (resolved.kind === 'index') {
        response.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
          'Content-Length': Buffer.byteLength(page),
        });
        response.end(request.method === 'HEAD' ? undefined : page);
      } else {
        response.writeHead(200, {
          'Content-Type': contentTypeFor(resolved.path),
          'Content-Length': resolved.size,
          'Cache-Control': 'no-cache',
        });
        if (request.method === 'HEAD') {
          response.end();
          return;
        }
        createReadStream(resolved.path)
          .on('error', () => response.destroy())
          .pipe(response);
      }
    })().catch((error: unknown) => {
      log.error('Static request failed', { error });
      if (!response.headersSent) refuse(response, 500, 'Internal error');
      else response.destroy();
    });
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    // The secret rides as a second subprotocol; the answer names only the contract's.
    handleProtocols: (protocols) => (protocols.has(WIRE_PROTOCOL) ? WIRE_PROTOCOL : false),
  });

  const rejectUpgrade = (socket: Duplex, status: number, reason: string, detail: string) => {
    refusals.refused(`socket ${detail}`);
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  };

  server.on('upgrade', (request, socket, head) => {
    if (!hostAllowed(request)) return rejectUpgrade(socket, 421, 'Misdirected Request', 'host');
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (pathname !== WIRE_PATH) return rejectUpgrade(socket, 404, 'Not Found', 'path');
    const origin = request.headers.origin;
    if (origin === undefined || !allowedOrigins.includes(origin)) {
      return rejectUpgrade(socket, 403, 'Forbidden', 'origin');
    }
    const offered = (request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((value) => value.trim());
    const presented = offered.find((value) => value.startsWith(SECRET_PROTOCOL_PREFIX));
    if (
      !offered.includes(WIRE_PROTOCOL) ||
      presented === undefined ||
      !sameSecret(presented.slice(SECRET_PROTOCOL_PREFIX.length), secret)
    ) {
      return rejectUpgrade(socket, 403, 'Forbidden', 'secret');
    }
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws));
  });

  function serve(ws: WebSocket): void {
    sockets.add(ws);
    pageCount += 1;
    const pageId = `page-${pageCount}`;
    options.onPageConnected?.(pageId);
    const send = (frame: HostFrame) => {
      if (ws.readyState !== ws.OPEN) return;
      ws.send(JSON.stringify(frame));
    };
    const unsubscribe = options.backend.events.subscribe(
      <E extends EventName>(name: E, payload: EventPayload<E>) => {
        if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          log.warn('A page is not keeping up; dropped an event', { name });
          return;
        }
        send({ type: 'event', name, payload });
      },
    );
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        ws.close(1003, 'Text frames only');
        return;
      }
      let frame: ClientFrame;
      try {
        const parsed = ClientFrame.safeParse(JSON.parse(data.toString()));
        if (!parsed.success) {
          const id = (JSON.parse(data.toString()) as { id?: unknown }).id;
          if (typeof id === 'number' && Number.isInteger(id) && id >= 0) {
            send({
              type: 'result',
              id,
              result: {
                ok: false,
                error: {
                  code: HostErrorCodes.invalidInput,
                  message: 'The call was not a well-formed contract request.',
                  retryable: false,
                },
              },
            });
          }
          return;
        }
        frame = parsed.data;
      } catch {
        ws.close(1007, 'Not JSON');
        return;
      }
      void options.backend
        .dispatch(frame.name, frame.input, { host: 'browser', pageId })
        .then((result) => send({ type: 'result', id: frame.id, result }));
    });
    ws.on('close', () => {
      sockets.delete(ws);
      unsubscribe();
      options.onPageClosed?.(pageId);
    });
    ws.on('error', (error) => log.warn('Socket error', { error }));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  allowedHosts = LOOPBACK_NAMES.map((name) => `${name}:${port}`);
  allowedOrigins = allowedHosts.map((host) => `http://${host}`);
  csp = buildContentSecurityPolicy({
    connectSrc: allowedHosts.map((host) => `ws://${host}`),
  });
  page = preparePage(template, { csp });
  const origin = `http://127.0.0.1:${port}`;
  log.info('Browser mode is serving', { origin });

  return {
    url: hostSecretUrl(origin, secret),
    origin,
    urlFor: (route) => hostSecretUrl(origin, secret, route),
    port,
    connections: () => sockets.size,
    async stop() {
      refusals.close();
      for (const ws of sockets) ws.terminate();
      sockets.clear();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
