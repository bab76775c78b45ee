// Cutting secrets out of text, on its own (no imports) so every line the `assistant` command
// prints can be scrubbed before the API client is loaded, and core's logs and diagnostics can use
// the same rules.

/** Replaces any occurrence of the session value in text that may reach a log or the renderer. */
export function redactSecret(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 4) return text;
  return text.split(secret).join('[redacted]');
}

/** Schemes whose URLs have an authority (`//host`), so an address can be rebuilt from its parts. */
const WITH_AUTHORITY = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:']);

/**
 * A service or sign-in address as a log line, diagnostics or an error may print it: the user
 * info, query and fragment each replaced by `[redacted]`, the rest kept so IT can still tell
 * which service it was. The second guard behind the settings schema (contract/service-url.ts),
 * for an address that reached the app another way (an older settings file, a redirect).
 */
export function addressForLog(address: string): string {
  let url: URL | undefined;
  try {
    url = new URL(address.trim());
  } catch {
    url = undefined;
  }
  if (url !== undefined && WITH_AUTHORITY.has(url.protocol)) {
    // Read from the parsed URL, not the text: `https:user:pw@host` has user info too.
    const userInfo = url.username !== '' || url.password !== '' ? '[redacted]@' : '';
    // An empty `?` or `#` parses to '' yet stays in href: flagged all the same.
    const [beforeHash = ''] = url.href.split('#');
    const query = beforeHash.includes('?') ? '?[redacted]' : '';
    const fragment = url.href.includes('#') ? '#[redacted]' : '';
    return `${url.protocol}//${userInfo}${url.host}${url.pathname}${query}${fragment}`;
  }
  // Not an address a URL parser reads: cut by its text.
  let text = address;
  const hash = text.indexOf('#');
  const fragment = hash >= 0 ? '#[redacted]' : '';
  if (hash >= 0) text = text.slice(0, hash);
  const question = text.indexOf('?');
  const query = question >= 0 ? '?[redacted]' : '';
  if (question >= 0) text = text.slice(0, question);
  text = text.replace(/^(\s*[a-z][a-z0-9+.-]*:\/\/)[^/\\]*@/i, '$1[redacted]@');
  return `${text}${query}${fragment}`;
}
