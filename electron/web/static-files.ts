// Serving the built renderer from one folder and nothing outside it: the request path is decoded
// once, normalised, resolved under the root and checked again after symlinks are followed, so
// `..`, encoded `%2e%2e`, backslashes and links pointing out are all refused. No directory listings.
import { realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

// One MIME table for both ways the renderer is served (the app protocol and browser mode).
export { mimeTypeFor as contentTypeFor } from '../core/security/app-protocol';

export type Resolved =
  | { kind: 'file'; path: string; size: number }
  | { kind: 'index' }
  | { kind: 'not-found' }
  | { kind: 'forbidden' };

/**
 * Maps a URL pathname to a file under `root` (an absolute, real path). `/` is the index page;
 * an extension-less path that is not a file is the index page too (client-side routes).
 */
export async function resolveStatic(root: string, pathname: string): Promise<Resolved> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { kind: 'forbidden' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'forbidden' };
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return { kind: 'forbidden' };
  if (decoded === '/' || decoded === '/index.html') return { kind: 'index' };

  const candidate = resolve(root, `.${decoded}`);
  if (!candidate.startsWith(root + sep)) return { kind: 'forbidden' };
  try {
    const real = await realpath(candidate);
    if (!real.startsWith(root + sep)) return { kind: 'forbidden' };
    const info = await stat(real);
    if (info.isFile()) return { kind: 'file', path: real, size: info.size };
    return { kind: 'not-found' };
  } catch {
    return extname(decoded) === '' ? { kind: 'index' } : { kind: 'not-found' };
  }
}
