// Which Host header a server on this computer answers to: only the loopback names with its own
// port (and, for a server bound to one other address, that address). A web page elsewhere can
// point its own name at 127.0.0.1 (DNS rebinding), but its requests still carry that foreign
// name, and are refused. And which Origin may call it: only a page it served itself, under one
// of those names. Shared by browser mode's host (electron/web) and the embedded demo service,
// which otherwise share no code (nothing here reads the API document).

/**
 * How a browser names this computer when it was given a loopback address. `[::1]` joins them for
 * a server bound to it (a CSP's host sources cannot hold an IPv6 literal, so browser mode, which
 * listens on 127.0.0.1, does without).
 */
export const LOOPBACK_NAMES: readonly string[] = ['127.0.0.1', 'localhost'];

/** `host` as it appears in a Host header: an IPv6 address in brackets. */
export function hostForHeader(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host.toLowerCase();
}

/**
 * The Host header values a server listening on `port` answers to: the loopback names, plus
 * `boundTo` when it listens on one particular other address (never a wildcard: 0.0.0.0 and ::
 * are no name a browser sends).
 */
export function allowedHosts(port: number, boundTo?: string): string[] {
  const names = [...LOOPBACK_NAMES];
  if (boundTo !== undefined && boundTo !== '0.0.0.0' && boundTo !== '::') {
    const name = hostForHeader(boundTo);
    if (!names.includes(name)) names.push(name);
  }
  const hosts = names.map((name) => `${name}:${port}`);
  // A browser leaves out the scheme's default port.
  return port === 80 ? [...hosts, ...names] : hosts;
}

/** Whether a request's Host header names one of `allowed` (case as browsers may send it). */
export function isAllowedHost(host: string | undefined, allowed: readonly string[]): boolean {
  return host !== undefined && allowed.includes(host.toLowerCase());
}

/** The origins of pages served under those hosts over plain http. */
export function originsOf(hosts: readonly string[]): string[] {
  return hosts.map((host) => `http://${host}`);
}
