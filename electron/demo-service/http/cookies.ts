// Cookie header parsing and Set-Cookie serialisation, limited to what the session needs.

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2)
      value = value.slice(1, -1);
    return value;
  }
  return undefined;
}

export interface CookieAttributes {
  maxAgeSeconds?: number;
}

/** HttpOnly, SameSite=Lax, Path=/: the session cookie is for the server only. No Secure flag,
 * because the demo listens on plain http://127.0.0.1, where browsers would drop it. */
export function sessionCookie(name: string, value: string, attrs: CookieAttributes = {}): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (attrs.maxAgeSeconds !== undefined)
    parts.push(`Max-Age=${Math.max(0, Math.floor(attrs.maxAgeSeconds))}`);
  return parts.join('; ');
}

export function clearedCookie(name: string): string {
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}
