import { join, resolve, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../../../electron/core/security/app-origin';
import {
  appResponseHeaders,
  mimeTypeFor,
  resolveAppAsset,
} from '../../../../electron/core/security/app-protocol';
import { APP_CONTENT_SECURITY_POLICY } from '../../../../electron/core/security/csp';

const root = resolve('/opt/assistant/out/renderer');
const get = (url: string) => resolveAppAsset({ url, method: 'GET' }, root, APP_ORIGIN);

describe('files served on the app protocol', () => {
  it('serves the renderer files with their MIME types', () => {
    expect(get(`${APP_ORIGIN}/index.html`)).toEqual({
      kind: 'file',
      path: join(root, 'index.html'),
      mimeType: 'text/html; charset=utf-8',
    });
    expect(get(`${APP_ORIGIN}/assets/index-abc.js`)).toMatchObject({
      path: join(root, 'assets', 'index-abc.js'),
      mimeType: 'text/javascript; charset=utf-8',
    });
    expect(mimeTypeFor('a.css')).toBe('text/css; charset=utf-8');
    expect(mimeTypeFor('a.SVG')).toBe('image/svg+xml');
    expect(mimeTypeFor('a.woff2')).toBe('font/woff2');
    expect(mimeTypeFor('unknown.bin')).toBe('application/octet-stream');
  });

  it('answers page routes (no extension) with index.html', () => {
    expect(get(`${APP_ORIGIN}/`)).toMatchObject({ path: join(root, 'index.html') });
    expect(get(`${APP_ORIGIN}/deals/42`)).toMatchObject({ path: join(root, 'index.html') });
    expect(get(`${APP_ORIGIN}`)).toMatchObject({ path: join(root, 'index.html') });
  });

  it.each([
    `${APP_ORIGIN}/..%2f..%2fetc/passwd`,
    `${APP_ORIGIN}/assets/..%5c..%5cwindows%5cwin.ini`,
    `${APP_ORIGIN}/assets/..%2e/secret.txt`,
    `${APP_ORIGIN}/index.html%00.png`,
    `${APP_ORIGIN}/a%ZZ.js`,
    `${APP_ORIGIN}/a%0a.js`,
  ])('refuses the hidden traversal or malformed path %s', (url) => {
    expect(get(url).kind).toBe('refused');
  });

  it('never resolves a path outside the renderer folder, whatever the URL', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '%2e%2e', '%2E.', '%252e%252e', '..%2f', '%5c..', '', 'assets'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        let url: string;
        try {
          url = new URL(`${APP_ORIGIN}/${segments.join('/')}`).href;
        } catch {
          return;
        }
        const result = get(url);
        if (result.kind === 'file') {
          expect(result.path === root || result.path.startsWith(`${root}${sep}`)).toBe(true);
        }
      }),
    );
  });

  it('keeps a visible ../ inside the root (the URL parser resolves it first)', () => {
    const result = get(`${APP_ORIGIN}/assets/../../../etc/passwd.txt`);
    expect(result).toMatchObject({ kind: 'file', path: join(root, 'etc', 'passwd.txt') });
  });

  it('serves nothing to other origins or other methods', () => {
    expect(get('app://other/index.html')).toMatchObject({ kind: 'refused', status: 404 });
    expect(get('https://assistant/index.html')).toMatchObject({ kind: 'refused' });
    expect(
      resolveAppAsset({ url: `${APP_ORIGIN}/index.html`, method: 'POST' }, root, APP_ORIGIN),
    ).toMatchObject({
      kind: 'refused',
      status: 405,
    });
  });

  it('sends the strict CSP and nosniff with every file', () => {
    expect(appResponseHeaders('text/html; charset=utf-8')).toMatchObject({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': APP_CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
    });
  });
});
