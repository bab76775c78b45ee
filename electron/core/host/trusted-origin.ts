// Shared by the hosts' sender checks: is a URL exactly on an allowed origin? Parsed, never
// compared as a string prefix (`http://127.0.0.1:80.evil.example` must not pass).

/** The origin of `url`, or undefined when it does not parse or has none (`null` origins). */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

export function isTrustedOrigin(url: string | undefined, allowed: readonly string[]): boolean {
  if (url === undefined) return false;
  const origin = originOf(url);
  return origin !== undefined && allowed.includes(origin);
}
