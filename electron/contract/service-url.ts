// Where the session may travel in plain http: only to this computer. Every service address (the
// settings, ASSISTANT_BASE_URL, the command line) must be https unless its host is loopback, so
// the session token never crosses a network in clear text; and none may carry a user name or
// password, which would otherwise be stored in settings.json and copied into logs and
// diagnostics. Shared by the settings schema (the renderer's form shows the message) and core
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
