// The renderer is served from app://assistant/ (a standard, secure custom scheme), never from
// file://: it gets a real origin for CSP 'self' and cannot read the rest of the disk. The path
// rules and headers are core's (electron/core/security/app-protocol.ts); this only wires them.

import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { APP_ORIGIN, APP_SCHEME } from '../core/security/app-origin';
import { appResponseHeaders, resolveAppAsset } from '../core/security/app-protocol';

/** Must run before `app` is ready (Electron registers privileged schemes at start-up only). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      // standard: relative URLs and an origin; secure: treated like https (no mixed content).
      // No bypassCSP and no corsEnabled: the scheme gets no exemption from web rules.
      // codeCache: V8 keeps the compiled code of the app's own scripts on disk, as Chromium does
      // for web pages, so the morning's start does not compile the whole bundle again (custom
      // schemes have none unless asked; Electron allows it for standard schemes only).
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/** Serves files of `rendererDir` on the app scheme of the default session. */
export function serveApp(rendererDir: string, log: (message: string) => void): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const resolved = resolveAppAsset(
      { url: request.url, method: request.method },
      rendererDir,
      APP_ORIGIN,
    );
    if (resolved.kind === 'refused') {
      log(`app protocol refused ${request.method} ${request.url}: ${resolved.reason}`);
      return new Response(null, { status: resolved.status });
    }
    try {
      const body = await readFile(resolved.path);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: appResponseHeaders(resolved.mimeType),
      });
    } catch {
      return new Response(null, { status: 404 });
    }
  });
}
