// Building request URLs from `{base_url}` (spec §2: the base itself is the metadata endpoint and
// every other path is appended to it) without letting a caller-supplied id escape its segment.

import { addressRefusal } from '../../contract/service-url';
import { AssistantError } from '../errors';
import { coreWords } from '../i18n/words';

export type QueryValue = string | number | boolean | undefined | null;
export type Query = Record<string, QueryValue>;

/**
 * Checks the configured base URL and returns it without trailing slashes, so `base + '/runs'`
 * never produces `//runs`. Only https (http on loopback only: every request goes through here, so
 * no session is ever sent in clear text over a network), no user name, password, query or
 * fragment (they would end up in the middle of every path, and in logs: service-url.ts).
 */
export function normaliseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw invalidBase(coreWords().t('errors.address.invalidUrl'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidBase(coreWords().t('errors.address.notHttps'));
  }
  // The contract's rule, so an address refused in Settings is refused here for the same reason.
  switch (addressRefusal(url)) {
    case 'insecure':
      throw invalidBase(coreWords().t('errors.address.plainHttp', { origin: url.origin }));
    case 'credentials':
      throw invalidBase(coreWords().t('errors.address.credentials'));
    case 'query-or-fragment':
      throw invalidBase(coreWords().t('errors.address.queryOrFragment'));
    case undefined:
      break;
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * `path` is '' (the base: metadata) or starts with '/'. Query values that are undefined or null
 * are left out; everything else is passed through as given (filtering is the service's business).
 */
export function resolveUrl(config: { baseUrl: string }, path: string, query?: Query): URL {
  if (path !== '' && !path.startsWith('/')) {
    throw new TypeError(`API paths start with '/': ${path}`);
  }
  const url = new URL(normaliseBaseUrl(config.baseUrl) + path);
  if (query) {
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      url.searchParams.append(key, String(value));
    }
  }
  return url;
}

/**
 * Encodes one path parameter. `.` and `..` are refused: URL parsing resolves them (even as
 * `%2e%2e`), so `/runs/..` would silently become the metadata endpoint.
 */
export function pathSegment(value: string, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new AssistantError({
      kind: 'invalid_input',
      message: `${field} is required.`,
      field,
      retryable: false,
    });
  }
  if (value === '.' || value === '..') {
    throw new AssistantError({
      kind: 'invalid_input',
      message: `${field} is not a valid identifier.`,
      field,
      retryable: false,
    });
  }
  return encodeURIComponent(value);
}

function invalidBase(message: string): AssistantError {
  return new AssistantError({ kind: 'invalid_input', message, field: 'baseUrl', retryable: false });
}
