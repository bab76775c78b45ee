// Electron's security checklist, applied to every web contents the app ever creates: no
// navigation away from where a window belongs, no new windows (web links go to the user's
// browser after core's URL check), no <webview>, and every web permission refused unless core's
// policy grants it. The decisions are core's pure functions; this file only wires them.

import { app, shell, type Session, type WebContents } from 'electron';
import { APP_ORIGIN } from '../core/security/app-origin';
import {
  decideAppNavigation,
  decideAppRedirect,
  decideSignInNavigation,
  decideWindowOpen,
  type NavigationDecision,
} from '../core/security/navigation';
import { devContentSecurityPolicy, withContentSecurityPolicy } from '../core/security/csp';
import { checkExternalUrl } from '../core/security/external-url';
import { decidePermission } from '../core/security/permissions';

export type WindowRole = { kind: 'app'; origin: string } | { kind: 'sign-in'; signInUrl: string };

const roles = new WeakMap<WebContents, WindowRole>();

/** Tells the policies what a window is for; contents without a role get nothing at all. */
export function assignRole(contents: WebContents, role: WindowRole): void {
  roles.set(contents, role);
}

export function roleOf(contents: WebContents): WindowRole | undefined {
  return roles.get(contents);
}

type Log = (message: string) => void;

/**
 * The app's one door to the OS browser: core's check first, then only the normalised URL.
 * Resolves false when the URL was refused.
 */
export async function openExternalChecked(raw: string): Promise<boolean> {
  const checked = checkExternalUrl(raw);
  if (!checked.ok) return false;
  // electronegativity-justified: OPEN_EXTERNAL_JS_CHECK — only the normalised href of an http(s)
  // URL without credentials that core's checkExternalUrl accepted ever gets here.
  await shell.openExternal(checked.url);
  return true;
}

function openExternally(decision: NavigationDecision, log: Log): void {
  if (decision.action !== 'deny' || decision.openExternally === undefined) return;
  openExternalChecked(decision.openExternally).catch((error: unknown) => {
    log(
      `could not open a link in the browser: ${error instanceof Error ? error.message : 'unknown'}`,
    );
  });
}

function navigationDecision(
  contents: WebContents,
  url: string,
  redirect: boolean,
): NavigationDecision {
  const role = roleOf(contents);
  if (role === undefined) return { action: 'deny', reason: 'window without a role' };
  if (role.kind === 'sign-in') return decideSignInNavigation(url, role.signInUrl, APP_ORIGIN);
  return redirect ? decideAppRedirect(url, role.origin) : decideAppNavigation(url, role.origin);
}

/** Installs the per-web-contents rules; call once, before any window is created. */
export function installWebContentsGuards(log: Log): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      const decision = decideWindowOpen(url);
      // Only the app window's own links leave for the browser; the sign-in page's pop-ups do not.
      if (roleOf(contents)?.kind === 'app') openExternally(decision, log);
      return { action: 'deny' };
    });

    contents.on('will-navigate', (event) => {
      const decision = navigationDecision(contents, event.url, false);
      if (decision.action === 'allow') return;
      event.preventDefault();
      if (roleOf(contents)?.kind === 'app' && event.isMainFrame) openExternally(decision, log);
    });

    contents.on('will-redirect', (event) => {
      const decision = navigationDecision(contents, event.url, true);
      if (decision.action === 'deny') event.preventDefault();
    });

    contents.on('will-attach-webview', (event) => {
      event.preventDefault();
    });
  });
}

function permissionContext(
  contents: WebContents | null,
  window: 'app' | 'sign-in',
): { window: 'app' | 'sign-in' | 'unknown'; appOrigin: string } {
  const role = contents === null ? undefined : roleOf(contents);
  if (role === undefined || role.kind !== window)
    return { window: 'unknown', appOrigin: APP_ORIGIN };
  return { window, appOrigin: role.kind === 'app' ? role.origin : APP_ORIGIN };
}

/**
 * Permission requests and checks for a session, refused by default. `window` is what the
 * session's pages are (the app's default session, or a sign-in partition).
 */
export function guardSessionPermissions(session: Session, window: 'app' | 'sign-in'): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const context = permissionContext(contents, window);
    const query = {
      permission,
      requestingUrl: details.requestingUrl,
      isMainFrame: details.isMainFrame,
      window: context.window,
    };
    callback(decidePermission(query, context.appOrigin));
  });
  session.setPermissionCheckHandler((contents, permission, requestingOrigin, details) => {
    const context = permissionContext(contents, window);
    const query = {
      permission,
      requestingUrl: details.requestingUrl ?? requestingOrigin,
      isMainFrame: details.isMainFrame,
      window: context.window,
    };
    return decidePermission(query, context.appOrigin);
  });
}

/** `npm run dev` only: Vite's React preamble is inline, so the dev server's pages get a dev-only policy. */
export function applyDevServerPolicy(session: Session, devOrigin: string): void {
  const policy = devContentSecurityPolicy(devOrigin);
  session.webRequest.onHeadersReceived({ urls: [`${devOrigin}/*`] }, (details, callback) =>
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, policy) }),
  );
}
