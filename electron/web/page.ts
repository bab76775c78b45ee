// The served index.html: the page's own CSP meta tag replaced by browser mode's policy (a meta
// policy adds to the header's, so the app's `connect-src 'none'` would otherwise block the host's
// own socket). It carries no secret: anyone on this computer can fetch it (see contract/wire.ts).

const CSP_META = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>/i;

/**
 * Directives a browser honours only in the HTTP header (CSP Level 3 §3.3): in a meta tag they are
 * ignored, with a console error on every load. The header carries them; the meta copy drops them.
 */
const HEADER_ONLY_DIRECTIVES = new Set(['frame-ancestors', 'sandbox', 'report-uri', 'report-to']);

/** `policy` without the directives a meta tag cannot carry. */
export function metaContentSecurityPolicy(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => {
      const name = directive.split(/\s+/, 1)[0]?.toLowerCase() ?? '';
      return name !== '' && !HEADER_ONLY_DIRECTIVES.has(name);
    })
    .join('; ');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** `csp` is the policy sent as the header; the page gets the part a meta tag can carry. */
export function preparePage(html: string, options: { csp: string }): string {
  const meta = metaContentSecurityPolicy(options.csp);
  const tags = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(meta)}" />`;
  const withoutCsp = html.replace(CSP_META, '');
  if (!/<head[^>]*>/i.test(withoutCsp)) {
    throw new Error('The renderer page has no <head>.');
  }
  return withoutCsp.replace(/<head[^>]*>/i, (head) => `${head}${tags}`);
}
