// Where to send the browser after signing in. Only targets on the origin the browser is already
// on are followed, and only as a path, so `?next=` can never become an open redirect.

export const SIGNED_IN_PATH = '/login/done';

export function safeNext(next: string | undefined, origin: string): string | undefined {
  if (next === undefined || next === '') return undefined;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  if (url.pathname.startsWith('/login')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
