// What browser mode answers over HTTP: every response with the same security headers, refusals
// as short plain text, and the built renderer (the prepared index page, or a file under the root).
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiateLanguage } from '../domain/i18n/languages';
import type { MessageId } from '../domain/i18n/messages';
import { nodeTranslator } from '../domain/i18n/node-translator';
import { contentTypeFor, resolveStatic } from './static-files';

/** What a refusal says, by status, in the words of web.json. */
export const REFUSALS = {
  403: 'web.refusal.forbidden',
  404: 'web.refusal.notFound',
  405: 'web.refusal.methodNotAllowed',
  421: 'web.refusal.misdirected',
  500: 'web.refusal.internal',
} as const satisfies Record<number, MessageId>;
export type RefusalStatus = keyof typeof REFUSALS;

/**
 * The browser's languages, from its Accept-Language (`de-DE,de;q=0.9,en;q=0.8`), most preferred
 * first: the host's pages speak the language the page itself would (browser mode follows the
 * browser). Malformed or absent: English.
 */
export function requestLanguages(request: Pick<IncomingMessage, 'headers'>): string[] {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return [];
  return header
    .slice(0, 500)
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter(({ tag, q }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ tag }) => tag);
}

export function setSecurityHeaders(response: ServerResponse, csp: string): void {
  response.setHeader('Content-Security-Policy', csp);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  response.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
}

/** A short plain-text refusal in the language the request's browser asks for. */
export function refuse(
  request: Pick<IncomingMessage, 'headers'>,
  response: ServerResponse,
  csp: string,
  status: RefusalStatus,
): void {
  const translator = nodeTranslator(negotiateLanguage(requestLanguages(request)));
  setSecurityHeaders(response, csp);
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Language': translator.language,
    'Cache-Control': 'no-store',
    Vary: 'Accept-Language',
  });
  response.end(`${translator.t(REFUSALS[status])}\n`);
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
    refuse(request, response, csp, 405);
    return;
  }
  const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  const resolved = await resolveStatic(site.root, pathname);
  setSecurityHeaders(response, csp);
  if (resolved.kind === 'forbidden') {
    refuse(request, response, csp, 403);
  } else if (resolved.kind === 'not-found') {
    refuse(request, response, csp, 404);
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
