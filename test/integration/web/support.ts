// Talking to a browser-mode host the way the page does: take the secret from the address the host
// printed (its fragment), open the socket with the page's Origin through the renderer's own bridge
// (src/platform/bridge), and record every frame received so tests can check what the page would
// have seen.
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  WIRE_PATH,
  readHostSecretFragment,
  type AssistantBridge,
} from '../../../electron/contract';
import {
  createBridge,
  createWebSocketTransport,
  type SocketLike,
  type WebSocketTransport,
} from '../../../src/platform/bridge/transport';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET (or other method) with the path sent exactly as given, not normalised by a URL parser. */
export function rawRequest(
  port: number,
  path: string,
  options: { method?: string; host?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { Host: options.host ?? `127.0.0.1:${port}` },
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
    req.end();
  });
}

/** The secret in the fragment of the address the host printed. */
export function secretFrom(url: string): string {
  const found = readHostSecretFragment(new URL(url).hash);
  if (found === undefined) throw new Error('No host secret in the address');
  return found.secret;
}

export interface PageClient {
  bridge: AssistantBridge;
  transport: WebSocketTransport;
  /** Every text frame received, as it came off the wire. */
  received: string[];
  /** Resolves with the next event of that name that satisfies `test`. */
  nextEvent<T>(name: string, test?: (payload: T) => boolean): Promise<T>;
  close(): void;
}

/** Connects as the page opened from `url` (the printed address) would; waits for an answer. */
export async function connectAsPage(
  url: string,
  options: { acceptLanguage?: string } = {},
): Promise<PageClient> {
  const secret = secretFrom(url);
  const origin = new URL(url).origin;
  const received: string[] = [];
  const connect = (address: string, protocols: string[]) => {
    const socket = new WebSocket(address, protocols, {
      origin,
      ...(options.acceptLanguage === undefined
        ? {}
        : { headers: { 'Accept-Language': options.acceptLanguage } }),
    });
    socket.on('message', (data: Buffer) => received.push(data.toString('utf8')));
    return socket as unknown as SocketLike;
  };
  const transport = createWebSocketTransport({
    url: `${origin.replace('http', 'ws')}${WIRE_PATH}`,
    secret,
    connect,
  });
  const bridge = createBridge(transport);
  const first = await bridge.invoke('app.info', {});
  if (!first.ok) throw new Error(`Could not connect: ${first.error.message}`);
  return {
    bridge,
    transport,
    received,
    nextEvent<T>(name: string, test: (payload: T) => boolean = () => true) {
      return new Promise<T>((resolve) => {
        const stop = transport.on(name, (payload) => {
          if (!test(payload as T)) return;
          stop();
          resolve(payload as T);
        });
      });
    },
    close: () => transport.close(),
  };
}

/** Opens a raw socket and reports whether the handshake was accepted (and the status if not). */
export function tryHandshake(
  port: number,
  options: {
    origin?: string;
    protocols?: string[];
    host?: string;
    path?: string;
  },
): Promise<{ accepted: boolean; status?: number }> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    if (options.host) headers.Host = options.host;
    const ws = new WebSocket(
      `ws://127.0.0.1:${port}${options.path ?? WIRE_PATH}`,
      options.protocols ?? [],
      {
        ...(options.origin === undefined ? {} : { origin: options.origin }),
        headers,
      },
    );
    ws.on('open', () => {
      ws.close();
      resolve({ accepted: true });
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ accepted: false, status: res.statusCode });
      ws.terminate();
    });
    ws.on('error', () => resolve({ accepted: false }));
  });
}

/** A renderer folder with an empty page: what a host serves when the test drives its socket. */
export async function blankRendererDir(work: string): Promise<string> {
  const renderer = join(work, 'renderer');
  await mkdir(renderer, { recursive: true });
  await writeFile(
    join(renderer, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  );
  return renderer;
}
