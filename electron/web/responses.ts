// What browser mode answers over HTTP: every response with the same security headers, refusals
// as short plain text, and the built renderer (the prepared index page, or a file under the root).
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentTypeFor, resolveStatic } from './static-files';

export function setSecurityHeaders(response: ServerResponse, csp: string): void {
  response.setHeader('Content-Security-Policy', csp);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  response.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
}

export function refuse(
  response: ServerResponse,
  csp: string,
  status: number,
  message: string,
): void {
  setSecurityHeaders(response, csp);
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(`${message}\n`);
}

/** A request whose Host was allowed: GET or HEAD of the index page or a file under `root`. */
export async function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  site: { root: string; page: string; csp: string },
): Promise<void> {
  const { csp, page } = site;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    refuse(response, csp, 405, 'Method not allowed');
    return;
  }
  const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  const resolved = await resolveStatic(site.root, pathname);
  setSecurityHeaders(response, csp);
  if (resolved.kind === 'forbidden') {
    refuse(response, csp, 403, 'Forbidden');
  } else if (resolved.kind === 'not-found') {
    refuse(response, csp, 404, 'Not found');
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
}
