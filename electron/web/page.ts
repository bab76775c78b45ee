// The served index.html: the per-start host secret added for the bridge, and the page's own CSP
// meta tag replaced by browser mode's policy (a meta policy adds to the header's, so the app's
// `connect-src 'none'` would otherwise block the host's own socket).
import { SECRET_META_NAME } from '../contract/wire';

const CSP_META = /<meta\s+http-equiv=["']Content-Security-Policy["'][^>]*>/i;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function preparePage(html: string, options: { secret: string; csp: string }): string {
  const tags =
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(options.csp)}" />` +
    `<meta name="${SECRET_META_NAME}" content="${escapeAttribute(options.secret)}" />`;
  const withoutCsp = html.replace(CSP_META, '');
  if (!/<head[^>]*>/i.test(withoutCsp)) {
    throw new Error('The renderer page has no <head>.');
  }
  return withoutCsp.replace(/<head[^>]*>/i, (head) => `${head}${tags}`);
}
