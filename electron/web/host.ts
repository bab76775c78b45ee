// Browser mode's host: serves the built renderer on loopback and carries the contract over one
// WebSocket to the same backend the Electron app uses (same handler table, same wrapper). Only
// the page opened from the address this host printed can drive it: the Host header must be
// loopback (no DNS rebinding), the socket's Origin must be this host's, and the socket must
// present the per-start secret, which travels only in that address's fragment (never in what the
// host serves, which anyone on this computer can fetch). Refusals are logged as counts.
import { readFile, realpath } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { MAX_FRAME_BYTES } from '../contract/frames';
import { WIRE_PROTOCOL, hostSecretUrl } from '../contract/wire';
import type { Backend } from '../core/backend';
import type { Logger } from '../core/logs/logger';
import { buildContentSecurityPolicy } from '../core/security/csp';
import { allowedHosts as loopbackHosts, originsOf } from '../shared/loopback-host';
import { preparePage } from './page';
import { servePageSocket } from './page-socket';
import { createRefusalLog } from './refusals';
import { refuse, serveStatic } from './responses';
import { hostAllowed, rejectUpgrade, upgradeRefusal } from './upgrade-check';
import { languagesFromHeader } from '../domain/i18n/accept-language';

export interface WebHostOptions {
  backend: Pick<Backend, 'dispatch' | 'events' | 'language'>;
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

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const log = options.log;
  const root = await realpath(options.rendererDir);
  const template = await readFile(`${root}/index.html`, 'utf8');
  const secret = options.secret;
  const refusals = createRefusalLog(log);
  const sockets = new Set<WebSocket>();
  let pageCount = 0;

  // Known once listening.
  let allowedHosts: string[] = [];
  let allowedOrigins: string[] = [];
  let csp = '';
  let page = '';

  const server = createServer((request, response) => {
    if (!hostAllowed(request, allowedHosts)) {
      refusals.refused('host');
      refuse(request, response, csp, 421);
      return;
    }
    serveStatic(request, response, { root, page, csp }).catch((error: unknown) => {
      log.error('Static request failed', { error });
      if (!response.headersSent) refuse(request, response, csp, 500);
      else response.destroy();
    });
  });

  const wss = new WebSocketServer({
    noServer: true,
    // Largest frame accepted from a page (a long message plus its envelope); what the host sends
    // is paged to the same size (page-socket.ts).
    maxPayload: MAX_FRAME_BYTES,
    // The secret rides as a second subprotocol; the answer names only the contract's.
    handleProtocols: (protocols) => (protocols.has(WIRE_PROTOCOL) ? WIRE_PROTOCOL : false),
  });

  server.on('upgrade', (request, socket: Duplex, head) => {
    const refusal = upgradeRefusal(request, {
      hosts: allowedHosts,
      origins: allowedOrigins,
      secret,
    });
    if (refusal === undefined) {
      // The page's browser speaks for the person's system: core's "system" language is theirs.
      options.backend.language.adoptSystemLanguages(
        languagesFromHeader(request.headers['accept-language']),
      );
      wss.handleUpgrade(request, socket, head, (ws) => serve(ws));
      return;
    }
    refusals.refused(`socket ${refusal.detail}`);
    rejectUpgrade(socket, refusal);
  });

  function serve(ws: WebSocket): void {
    sockets.add(ws);
    pageCount += 1;
    const pageId = `page-${pageCount}`;
    options.onPageConnected?.(pageId);
    servePageSocket(ws, {
      pageId,
      backend: options.backend,
      log,
      onClosed: () => {
        sockets.delete(ws);
        options.onPageClosed?.(pageId);
      },
    });
  }

  const port = await listen(server, options.port ?? 0);
  allowedHosts = loopbackHosts(port);
  allowedOrigins = originsOf(allowedHosts);
  csp = buildContentSecurityPolicy({ connectSrc: allowedHosts.map((host) => `ws://${host}`) });
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

/** Listens on loopback only; resolves with the port (`0` picks a free one). */
function listen(server: Server, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
