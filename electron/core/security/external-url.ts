// The one gate before shell.openExternal: the OS will happily launch whatever handler is
// registered for a scheme (file:, smb:, ms-msdt:, custom app schemes), so only plain web links
// that parse cleanly ever leave the app.

export const MAX_EXTERNAL_URL_LENGTH = 2048;

const ALLOWED_EXTERNAL_PROTOCOLS: ReadonlySet<string> = new Set(['https:', 'http:']);

export type ExternalUrlDecision = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Decides whether `raw` may be opened in the user's browser. On success `url` is the normalised
 * href, which is what must be passed on (never the raw string).
 */
export function checkExternalUrl(raw: unknown): ExternalUrlDecision {
  if (typeof raw !== 'string') return { ok: false, reason: 'not a string' };
  if (raw.length === 0 || raw.length > MAX_EXTERNAL_URL_LENGTH) {
    return { ok: false, reason: 'empty or too long' };
  }
  // The URL parser silently drops tabs, newlines and surrounding control characters, which lets
  // a link look like one thing and open another; refuse instead of normalising.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(raw)) {
    return { ok: false, reason: 'contains whitespace, control characters or backslashes' };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (!ALLOWED_EXTERNAL_PROTOCOLS.has(url.protocol)) {
    return { ok: false, reason: `scheme ${url.protocol} is not opened outside the app` };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'URLs carrying credentials are not opened' };
  }
  if (url.hostname === '') return { ok: false, reason: 'no host' };
  return { ok: true, url: url.href };
}
