// Browser mode's host over real HTTP and a real WebSocket, in front of the real backend and the
// demo service: only the page it served, on loopback, from its own origin, with the per-start
// secret, may drive it; static files never leave the renderer folder; the CSP is sent.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_PROTOCOL_PREFIX, WIRE_PROTOCOL, pageProtocols } from '../../../electron/contract';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { connectAsPage, rawRequest, secretFrom, tryHandshake } from './support';

const OUTSIDE_SECRET = 'this text lives outside the renderer folder';
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; connect-src 'none'" />
    <title>Assistant Desktop</title>
    <script type="module" crossorigin src="./assets/app.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let work: string;
let mode: BrowserMode;
let port: number;
let secret: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'web-host-test-'));
  const renderer = join(work, 'renderer');
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(join(renderer, 'index.html'), PAGE);
  await writeFile(join(renderer, 'assets', 'app.js'), 'console.log("app");\n');
  await writeFile(join(renderer, 'assets', 'style.css'), 'body{}\n');
  await writeFile(join(work, 'outside.txt'), OUTSIDE_SECRET);
  await symlink(join(work, 'outside.txt'), join(renderer, 'assets', 'link-out.txt'));
  mode = await startBrowserMode({
    port: 0,
    dataDir: join(work, 'data'),
    rendererDir: renderer,
    demo: { pacing: 'instant' },
    scheduler: false,
  });
  port = mode.port;
  secret = secretFrom(mode.url);
});

afterAll(async () => {
  await mode?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves the page on loopback with the CSP header, and the secret only in the printed address', async () => {
    expect(mode.url).toBe(`http://127.0.0.1:${port}/#token=${secret}`);
    const answer = await rawRequest(port, '/');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    expect(csp).toContain(`connect-src ws://127.0.0.1:${port} ws://localhost:${port};`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    // The page's own meta policy is replaced by the same policy as the header (a meta policy
    // would add `connect-src 'none'` on top and block the socket).
    const metas = answer.body.match(/http-equiv="Content-Security-Policy"[^>]*/g) ?? [];
    expect(metas).toHaveLength(1);
    expect(metas[0]).toContain(`connect-src ws://127.0.0.1:${port}`);
    expect(answer.body).toContain('./assets/app.js');
    // Anything on this computer can fetch the page: it holds no key to the host.
    expect(answer.body).not.toContain(secret);
    expect(JSON.stringify(answer.headers)).not.toContain(secret);
  });

  it('sends frame-ancestors in the header only: a meta tag cannot carry it', async () => {
    const answer = await rawRequest(port, '/');
    const header = String(answer.headers['content-security-policy']);
    expect(header).toContain("frame-ancestors 'none'");
    const meta = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(answer.body)?.[1];
    expect(meta).toBeDefined();
    // Browsers ignore these in a meta tag and log a console error for each on every load.
    for (const name of ['frame-ancestors', 'sandbox', 'report-uri', 'report-to']) {
      expect(meta).not.toContain(name);
    }
    // Everything else is the same policy as the header.
    const withoutHeaderOnly = header
      .split('; ')
      .filter((directive) => !directive.startsWith('frame-ancestors'))
      .join('; ');
    expect(meta?.replace(/&#39;|&apos;/g, "'")).toBe(withoutHeaderOnly);
  });

  it('serves assets with their content type and the CSP', async () => {
    const js = await rawRequest(port, '/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['content-security-policy']).toBeDefined();
    const css = await rawRequest(port, '/assets/style.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it.each([
    '/../outside.txt',
    '/%2e%2e/outside.txt',
    '/assets/..%2f..%2foutside.txt',
    '/assets/%2e%2e/%2e%2e/outside.txt',
    '/assets%5c..%5c..%5coutside.txt',
    '/assets/link-out.txt',
    '/%00index.html',
    '/%E0%A4%A',
  ])('never serves a file outside the renderer folder: %s', async (path) => {
    const answer = await rawRequest(port, path);
    expect(answer.body).not.toContain(OUTSIDE_SECRET);
    expect([400, 403, 404]).toContain(answer.status);
  });

  it('lists no directories', async () => {
    for (const path of ['/assets/', '/assets']) {
      const answer = await rawRequest(port, path);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('app.js');
    }
  });

  it('answers only GET and HEAD', async () => {
    expect((await rawRequest(port, '/', { method: 'POST' })).status).toBe(405);
    expect((await rawRequest(port, '/', { method: 'HEAD' })).status).toBe(200);
  });

  it('refuses a Host that is not loopback (DNS rebinding)', async () => {
    const answer = await rawRequest(port, '/', { host: `evil.example:${port}` });
    expect(answer.status).toBe(421);
    expect(answer.body).not.toContain('assistant-host-secret');
    expect((await rawRequest(port, '/', { host: `localhost:${port}` })).status).toBe(200);
  });
});

describe('the socket', () => {
  const origin = () => `http://127.0.0.1:${port}`;
  const good = () => pageProtocols(secret);

  it('accepts the served page: its origin and its secret', async () => {
    expect(await tryHandshake(port, { origin: origin(), protocols: good() })).toEqual({
      accepted: true,
    });
  });

  it('refuses a wrong or missing secret', async () => {
    const wrong = pageProtocols('0'.repeat(64));
    expect(await tryHandshake(port, { origin: origin(), protocols: wrong })).toMatchObject({
      accepted: false,
      status: 403,
    });
    expect(
      await tryHandshake(port, { origin: origin(), protocols: [WIRE_PROTOCOL] }),
    ).toMatchObject({ accepted: false, status: 403 });
    expect(
      await tryHandshake(port, {
        origin: origin(),
        protocols: [`${SECRET_PROTOCOL_PREFIX}${secret}`],
      }),
    ).toMatchObject({ accepted: false, status: 403 });
  });

  it('refuses another origin, and no origin at all, even with the secret', async () => {
    for (const other of ['http://evil.example', `http://127.0.0.1:${port + 1}`, 'null']) {
      expect(await tryHandshake(port, { origin: other, protocols: good() })).toMatchObject({
        accepted: false,
        status: 403,
      });
    }
    expect(await tryHandshake(port, { protocols: good() })).toMatchObject({
      accepted: false,
      status: 403,
    });
  });

  it('refuses a non-loopback Host and other paths', async () => {
    expect(
      await tryHandshake(port, {
        origin: origin(),
        protocols: good(),
        host: `evil.example:${port}`,
      }),
    ).toMatchObject({ accepted: false, status: 421 });
    expect(
      await tryHandshake(port, { origin: origin(), protocols: good(), path: '/other' }),
    ).toMatchObject({ accepted: false, status: 404 });
  });

  it('carries a request to the backend and the demo service and back', async () => {
    const page = await connectAsPage(mode.url);
    try {
      const info = await page.bridge.invoke('app.info', {});
      expect(info).toMatchObject({ ok: true, data: { host: 'browser', service: { demo: true } } });
      const metadata = await page.bridge.invoke('service.metadata', { refresh: true });
      expect(metadata.ok).toBe(true);
      if (!metadata.ok) return;
      expect(metadata.data.stale).toBe(false);
      expect(metadata.data.value.principal).toMatchObject({ type: 'user', authMode: 'session' });
      expect(metadata.data.value.org.name).not.toBe('');
    } finally {
      page.close();
    }
  });

  it('answers a malformed frame or an unknown request with an error, and keeps serving', async () => {
    const page = await connectAsPage(mode.url);
    try {
      const unknown = await page.transport.invoke('no.such.request', {});
      expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_request' } });
      const wrong = await page.transport.invoke('runs.list', { limit: 'ten' });
      expect(wrong).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'limit' } });
      expect(await page.bridge.invoke('session.status', {})).toMatchObject({ ok: true });
    } finally {
      page.close();
    }
  });

  it('fails pending calls with a retryable error when the host goes away', async () => {
    const other = await startBrowserMode({
      port: 0,
      dataDir: join(work, 'data-2'),
      rendererDir: join(work, 'renderer'),
      demo: { pacing: 'instant' },
      scheduler: false,
    });
    const page = await connectAsPage(other.url);
    const down = page.nextEvent<{ state: string }>('connectivity.changed');
    await other.stop();
    expect(await down).toMatchObject({ state: 'host-unreachable' });
    expect(await page.bridge.invoke('app.info', {})).toMatchObject({
      ok: false,
      error: { code: 'host_unreachable', retryable: true },
    });
    page.close();
  });
});

describe('the page’s language', () => {
  it('makes "system" the page’s browser language for core: its words and what it asks the service in', async () => {
    const page = await connectAsPage(mode.url, { acceptLanguage: 'de-AT,de;q=0.9,en;q=0.5' });
    expect(mode.backend.language.systemLanguages).toEqual(['de-AT', 'de', 'en']);
    expect(mode.backend.language.translator().language).toBe('de');
    expect(mode.backend.language.acceptLanguage()).toBe('de, en;q=0.8');
    page.close();
    const english = await connectAsPage(mode.url, { acceptLanguage: 'en-GB,en;q=0.9' });
    expect(mode.backend.language.translator().language).toBe('en');
    english.close();
  });
});
