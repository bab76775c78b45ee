// How a request on the app protocol maps to a file of the built renderer. Only files under the
// renderer's folder are ever served: anything that decodes to a path outside it, or that hides
// separators, NUL bytes or dot segments in escapes, is refused.

import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { APP_CONTENT_SECURITY_POLICY } from './csp';
import { originOf } from './app-origin';

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function mimeTypeFor(path: string): string {
  return MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type AppAssetResolution =
  | { kind: 'file'; path: string; mimeType: string }
  | { kind: 'refused'; status: 400 | 403 | 404 | 405; reason: string };

export interface AppAssetRequest {
  url: string;
  method: string;
}

/**
 * Resolves a request on the app protocol to a file under `rootDir` (the built renderer). Paths
 * without an extension are page routes and get index.html, so a reload on a route still works.
 */
export function resolveAppAsset(
  request: AppAssetRequest,
  rootDir: string,
  appOrigin: string,
): AppAssetResolution {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return { kind: 'refused', status: 405, reason: 'only GET and HEAD' };
  }
  if (originOf(request.url) !== originOf(appOrigin)) {
    return { kind: 'refused', status: 404, reason: 'not the app origin' };
  }
  const url = new URL(request.url);
  const rawPath = url.pathname;
  // Escaped separators and dots are how traversal hides from a URL parser that already resolved
  // the visible "..": refuse them outright rather than decode and hope.
  if (/%2f|%5c|%2e|%00/i.test(rawPath) || rawPath.includes('\\')) {
    return { kind: 'refused', status: 400, reason: 'escaped separators or dots in the path' };
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'refused', status: 400, reason: 'malformed escape in the path' };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(decoded)) {
    return { kind: 'refused', status: 400, reason: 'control characters in the path' };
  }
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return { kind: 'refused', status: 400, reason: 'dot segments in the path' };
  }
  const last = segments.at(-1);
  const relativePath =
    last === undefined || extname(last) === '' ? 'index.html' : segments.join('/');
  const root = resolve(rootDir);
  const target = resolve(root, relativePath);
  const fromRoot = relative(root, target);
  if (
    fromRoot === '' ||
    fromRoot.startsWith(`..${sep}`) ||
    fromRoot === '..' ||
    isAbsolute(fromRoot)
  ) {
    return { kind: 'refused', status: 403, reason: 'outside the renderer folder' };
  }
  return { kind: 'file', path: target, mimeType: mimeTypeFor(target) };
}

/** Headers sent with every file of the app protocol. */
export function appResponseHeaders(mimeType: string): Record<string, string> {
  return {
    'Content-Type': mimeType,
    'Content-Security-Policy': APP_CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
}
