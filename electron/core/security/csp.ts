// The Content-Security-Policy of the renderer, shared by every host that serves it (the Electron
// app protocol and browser mode) so the two cannot drift apart. Scripts and styles only from the
// app's own origin, never inline or eval'd; the renderer connects nowhere by itself (everything
// goes through the contract), so connect-src is 'none' unless a host needs its own socket.

export interface ContentSecurityPolicyOptions {
  /**
   * Sources the page may connect to. Electron: none (IPC is not a network connection). Browser
   * mode: the host's own WebSocket, e.g. `ws://127.0.0.1:5173`.
   */
  connectSrc?: readonly string[];
}

const UNSAFE = /'unsafe-|\*|^data:$|^blob:$|^https?:$|^wss?:$/;

export function buildContentSecurityPolicy(options: ContentSecurityPolicyOptions = {}): string {
  const connectSrc = options.connectSrc ?? [];
  for (const source of connectSrc) {
    if (source.trim() === '' || /[\s;,]/.test(source) || UNSAFE.test(source)) {
      throw new Error(
        `Refusing a broad or malformed connect-src source: ${JSON.stringify(source)}`,
      );
    }
  }
  const directives: [string, readonly string[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', connectSrc.length > 0 ? connectSrc : ["'none'"]],
    ['object-src', ["'none'"]],
    ['media-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['worker-src', ["'none'"]],
    ['manifest-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The policy the packaged app sends with every page of the app protocol. */
export const APP_CONTENT_SECURITY_POLICY = buildContentSecurityPolicy();

/**
 * Development only (`npm run dev`, never a packaged build): the Vite dev server injects an inline
 * React Refresh preamble and talks to its HMR socket. Still no eval, still nothing beyond the dev
 * server itself.
 */
export function devContentSecurityPolicy(devServerOrigin: string): string {
  const url = new URL(devServerOrigin);
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    throw new Error('The dev server must be on loopback.');
  }
  const socket = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline'`,
    `style-src 'self' 'unsafe-inline'`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${socket}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Response headers with the Content-Security-Policy replaced by `policy` (whatever the case of
 * the header the server sent), for a page whose headers the shell rewrites (the dev server).
 */
export function withContentSecurityPolicy(
  headers: Readonly<Record<string, string[]>> | undefined,
  policy: string,
): Record<string, string[]> {
  const next: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') next[name] = values;
  }
  next['Content-Security-Policy'] = [policy];
  return next;
}
