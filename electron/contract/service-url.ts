// What a service address or sign-in page may be. Every such address (Settings, the settings file,
// ASSISTANT_BASE_URL, the command line's --base-url, browser mode) goes through `addressRefusal`,
// so each place refuses the same addresses for the same reason:
// - https unless its host is loopback, so the session token never crosses a network in clear
//   text;
// - no user name or password, no query and no fragment: each is where a secret hides
//   (`https://user:pw@…`, `…?token=…`, `#access_token=…`), and the address is stored in
//   settings.json and shown in logs and diagnostics. The service needs none of them: spec §2 makes
//   `{base_url}` a path every request is appended to, and §5 says nothing of how a session is
//   obtained, so the sign-in page needs no parameter either (docs/configuration.md).
// Shared by the settings schema (the renderer's form shows the message beside the field) and core
// (which refuses before anything is sent).

/** 127.0.0.0/8, ::1 and `localhost`, as WHATWG URL parsing spells a hostname. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/** https anywhere, http on loopback only. */
export function isAllowedServiceUrl(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHostname(url.hostname);
}

export const INSECURE_SERVICE_URL_MESSAGE =
  'Use an https:// address: plain http is allowed only on this computer (localhost, 127.0.0.1, ::1), so your session never travels unencrypted.';

/** Whether the address carries a user name or password (`https://user:pw@host/…`). */
export function hasCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

export const CREDENTIALS_IN_URL_MESSAGE =
  'Leave the user name and password out of the address (nothing before an @): sign in through the app instead, so they are never stored in your settings or written to a log.';

/**
 * Whether the address has a query or a fragment, even an empty one (`…/assistant?` parses with
 * an empty `search`, yet keeps its `?`, which would end up in the middle of every request path).
 */
export function hasQueryOrFragment(url: URL): boolean {
  return url.search !== '' || url.hash !== '' || /[?#]/.test(url.href);
}

export const QUERY_IN_URL_MESSAGE =
  'End the address before any ? or #: what follows them often holds a key or password, which would then be stored in your settings and written to a log. Sign in through the app instead.';

/** Why an address may not be used as a service or sign-in address, the first reason only. */
export type AddressRefusal = 'insecure' | 'credentials' | 'query-or-fragment';

/** The one rule every place that takes a service or sign-in address applies; undefined: usable. */
export function addressRefusal(url: URL): AddressRefusal | undefined {
  if (!isAllowedServiceUrl(url)) return 'insecure';
  if (hasCredentials(url)) return 'credentials';
  if (hasQueryOrFragment(url)) return 'query-or-fragment';
  return undefined;
}

/** The sentence shown beside the field for each refusal (the renderer translates it). */
export const ADDRESS_REFUSAL_MESSAGES: Readonly<Record<AddressRefusal, string>> = {
  insecure: INSECURE_SERVICE_URL_MESSAGE,
  credentials: CREDENTIALS_IN_URL_MESSAGE,
  'query-or-fragment': QUERY_IN_URL_MESSAGE,
};
