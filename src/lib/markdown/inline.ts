// Helpers for turning marked's tokens into safe, plain data: which links may be followed and
// how the character references left in text tokens read.

/** Only web links leave the app; everything else (javascript:, file:, data:, ...) is plain text. */
export function safeExternalUrl(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.toString();
}

/**
 * A link to a deal inside the app: `deal:<id>`, `#/deals/<id>` or `assistant://deals/<id>`.
 * Returns the deal id, or null when the link is not one.
 */
export function dealLinkId(href: string): string | null {
  const match = /^(?:deal:|#\/deals\/|assistant:\/\/deals?\/)([A-Za-z0-9._~-]{1,200})$/.exec(
    href.trim(),
  );
  return match?.[1] ?? null;
}

const named: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '\u00a9',
  reg: '\u00ae',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
};

/** Decodes the character references markdown allows in text (`&amp;`, `&#39;`, `&#x2014;`). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X'
          ? Number.parseInt(body.slice(2), 16)
          : Number.parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff) return '\ufffd';
      if (code >= 0xd800 && code <= 0xdfff) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return named[body.toLowerCase()] ?? whole;
  });
}
