// What a web page inside the app may do to its own window. The app window never leaves the app
// origin (no remote content ever gets the preload); the sign-in window may browse the service's
// sign-in flow but never to local files, scripts or the app itself. New windows are never created
// by pages: a web link opens in the user's browser instead.

import { addressRefusal, isLoopbackHostname } from '../../contract/service-url';
import { isSameOrigin, originOf } from './app-origin';
import { checkExternalUrl } from './external-url';

export type NavigationDecision =
  { action: 'allow' } | { action: 'deny'; reason: string; openExternally?: string };

/** `will-navigate` in the app window: only the app itself (a reload); web links go to the browser. */
export function decideAppNavigation(targetUrl: string, appOrigin: string): NavigationDecision {
  if (isSameOrigin(targetUrl, appOrigin)) return { action: 'allow' };
  const external = checkExternalUrl(targetUrl);
  if (external.ok) {
    return { action: 'deny', reason: 'left the app origin', openExternally: external.url };
  }
  return { action: 'deny', reason: external.reason };
}

/** `will-redirect` in the app window: the app's own protocol never redirects, so none is followed. */
export function decideAppRedirect(targetUrl: string, appOrigin: string): NavigationDecision {
  if (isSameOrigin(targetUrl, appOrigin)) return { action: 'allow' };
  return { action: 'deny', reason: 'redirect away from the app origin' };
}

/** `setWindowOpenHandler` for every window: always deny; a checked web link opens in the browser. */
export function decideWindowOpen(targetUrl: string): NavigationDecision {
  const external = checkExternalUrl(targetUrl);
  if (external.ok) {
    return { action: 'deny', reason: 'new windows are not created', openExternally: external.url };
  }
  return { action: 'deny', reason: external.reason };
}

/**
 * Navigation and redirects inside the sign-in window. Identity providers hop between hosts, so any
 * https page is allowed; plain http only on the sign-in page's own origin or on loopback (the
 * embedded demo service). Never the app's own origin, files, data:, javascript: and the like.
 */
export function decideSignInNavigation(
  targetUrl: string,
  signInUrl: string,
  appOrigin: string,
): NavigationDecision {
  let url: URL;
  try {
    url = new URL(targetUrl);
  } catch {
    return { action: 'deny', reason: 'not an absolute URL' };
  }
  if (isSameOrigin(targetUrl, appOrigin)) {
    return { action: 'deny', reason: 'the sign-in window never loads the app' };
  }
  if (url.username !== '' || url.password !== '') {
    return { action: 'deny', reason: 'URLs carrying credentials are refused' };
  }
  if (url.protocol === 'https:') return { action: 'allow' };
  if (url.protocol === 'http:') {
    if (originOf(targetUrl) === originOf(signInUrl) || isLoopbackHostname(url.hostname)) {
      return { action: 'allow' };
    }
    return { action: 'deny', reason: 'plain http is allowed only for the sign-in page itself' };
  }
  return { action: 'deny', reason: `scheme ${url.protocol} is not loaded in the sign-in window` };
}

/**
 * The sign-in URL from settings must itself be a web page before a window is opened on it: the
 * contract's address rule (service-url.ts), so one typed elsewhere than Settings (an older
 * settings file) is refused too: https, or plain http on loopback only (a password typed into a
 * plain-http page elsewhere is exposed), and no user name, password, query or fragment.
 */
export function checkSignInUrl(
  raw: string,
): { ok: true; url: string } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      reason: 'the sign-in page must be https (plain http only on this computer)',
    };
  }
  switch (addressRefusal(url)) {
    case 'insecure':
      return {
        ok: false,
        reason: 'the sign-in page must be https (plain http only on this computer)',
      };
    case 'credentials':
      return { ok: false, reason: 'URLs carrying credentials are refused' };
    case 'query-or-fragment':
      return { ok: false, reason: 'the sign-in page address may not carry a query or fragment' };
    case undefined:
      return { ok: true, url: url.href };
  }
}
