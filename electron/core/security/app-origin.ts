// Where the app's own pages live. The renderer is served from a custom privileged scheme rather
// than file:// so it has a real origin (CSP 'self', no access to the rest of the disk) and so that
// every check below can compare against one fixed origin.

export const APP_SCHEME = 'app';
export const APP_HOST = 'assistant';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * The origin of `url` as Chromium sees it once APP_SCHEME is registered as standard. Node's URL
 * reports `null` as the origin of any non-special scheme, so the custom scheme is composed by hand.
 * Returns undefined for anything unparsable or without a host (javascript:, data:, about:blank…).
 */
// Parses defensively like dev-server.ts; what each then accepts differs.
export function originOf(url: string | undefined): string | undefined {
  if (url === undefined || url === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.host === '') return undefined;
  if (parsed.origin !== 'null') return parsed.origin;
  // Chromium lower-cases the host of a standard scheme; Node keeps an opaque host as written.
  return `${parsed.protocol}//${parsed.host.toLowerCase()}`;
}

/** True when `url` is on `origin` (scheme, host and port all equal). */
export function isSameOrigin(url: string | undefined, origin: string): boolean {
  const actual = originOf(url);
  return actual !== undefined && actual === originOf(origin);
}
