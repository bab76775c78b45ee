// `npm run dev` points the shell at Vite's dev server. Only an http(s) server on this computer is
// accepted, and only when the app is not packaged (main checks that): a packaged app never
// loads its renderer from anywhere but its own protocol.

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

// Parses defensively like app-origin.ts; what each then accepts differs.
export function parseDevServerUrl(
  raw: string | undefined,
): { url: string; origin: string } | undefined {
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!LOOPBACK.has(url.hostname) || url.username !== '' || url.password !== '') return undefined;
  return { url: url.href, origin: url.origin };
}
