// The pages outside the API: sign-in (GET and POST /login), the "signed in" page, sign-out, and
// a redirect from / to the sign-in page. Anything else outside the API base is a JSON 404.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { loginPage, refusedPage, signedInPage, signedOutPage } from './auth/pages';
import type { HtmlPage } from './auth/pages';
import { safeNext, SIGNED_IN_PATH } from './auth/redirect';
import { mediaType, readBody } from './http/body';
import { clearedCookie, readCookie, sessionCookie } from './http/cookies';
import { ApiError } from './http/envelope';
import { methodNotAllowed, routeNotFound } from './http/errors';
import { Router } from './http/router';
import { SESSION_COOKIE } from './options';
import type { Handler, RequestContext } from './state';

const DEFAULT_PASSWORD = 'demo';

function sendPage(
  res: ServerResponse,
  status: number,
  page: HtmlPage,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...page.headers,
    'Content-Length': String(Buffer.byteLength(page.html)),
    ...headers,
  });
  res.end(page.html);
}

/** The origin the browser is on, as it addressed us. */
function requestOrigin(ctx: RequestContext): string {
  const host = ctx.req.headers.host;
  return host === undefined ? `http://${ctx.state.options.host}` : `http://${host}`;
}

/** Refuses cross-site form posts: a browser always sends Origin on a form POST. */
function sameOrigin(ctx: RequestContext): boolean {
  const origin = ctx.req.headers.origin;
  return origin === undefined || origin === requestOrigin(ctx);
}

/** Compared in constant time: how long a wrong guess takes says nothing about the password. */
function samePassword(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The public demo password is shown on the page; any other (a random one) never is. */
function hint(ctx: RequestContext): string | undefined {
  return ctx.state.password === DEFAULT_PASSWORD ? DEFAULT_PASSWORD : undefined;
}

const showLogin: Handler = (ctx) => {
  const next = safeNext(ctx.url.searchParams.get('next') ?? undefined, requestOrigin(ctx));
  const passwordHint = hint(ctx);
  sendPage(
    ctx.res,
    200,
    loginPage({
      ...(next === undefined ? {} : { next }),
      ...(passwordHint === undefined ? {} : { passwordHint }),
      ...(ctx.state.options.password === undefined ? { passwordInApp: true } : {}),
    }),
  );
};

const submitLogin: Handler = async (ctx) => {
  const { req, res, state } = ctx;
  if (!sameOrigin(ctx)) {
    sendPage(res, 403, refusedPage('Sign-in forms must be posted from this service’s own page.'));
    return;
  }
  if (mediaType(req) !== 'application/x-www-form-urlencoded') {
    sendPage(res, 415, refusedPage('Send the sign-in form as application/x-www-form-urlencoded.'));
    return;
  }
  let form: URLSearchParams;
  try {
    form = new URLSearchParams((await readBody(req)).toString('utf8'));
  } catch (err) {
    if (err instanceof ApiError) {
      const close: Record<string, string> = err.closeConnection ? { Connection: 'close' } : {};
      sendPage(res, err.status, refusedPage(err.message), close);
      return;
    }
    throw err;
  }
  const email = (form.get('email') ?? '').trim();
  const next = safeNext(form.get('next') ?? undefined, requestOrigin(ctx));
  const passwordHint = hint(ctx);
  const again = (error: string): void =>
    sendPage(
      res,
      401,
      loginPage({
        error,
        email: email.slice(0, 254),
        ...(next === undefined ? {} : { next }),
        ...(passwordHint === undefined ? {} : { passwordHint }),
        ...(ctx.state.options.password === undefined ? { passwordInApp: true } : {}),
      }),
    );
  if (email === '' || email.length > 254 || !email.includes('@')) {
    again('Enter an email address.');
    return;
  }
  if (!samePassword(form.get('password') ?? '', state.password)) {
    again('That password is not right. Check the hint below.');
    return;
  }
  const token = state.sessions.create({ email });
  const maxAge = state.sessions.remainingSeconds(token);
  res.writeHead(303, {
    Location: next ?? SIGNED_IN_PATH,
    'Set-Cookie': sessionCookie(
      SESSION_COOKIE,
      token,
      maxAge === undefined ? {} : { maxAgeSeconds: maxAge },
    ),
    'Cache-Control': 'no-store',
    'Content-Length': '0',
  });
  res.end();
};

const showSignedIn: Handler = ({ res }) => sendPage(res, 200, signedInPage());

const logout: Handler = (ctx) => {
  if (!sameOrigin(ctx)) {
    sendPage(ctx.res, 403, refusedPage('Sign-out must be posted from this service’s own page.'));
    return;
  }
  const token = readCookie(ctx.req.headers.cookie, SESSION_COOKIE);
  if (token !== undefined) ctx.state.sessions.revoke(token);
  sendPage(ctx.res, 200, signedOutPage(), { 'Set-Cookie': clearedCookie(SESSION_COOKIE) });
};

const home: Handler = ({ res }) => {
  res.writeHead(303, { Location: '/login', 'Content-Length': '0' });
  res.end();
};

const siteRoutes = new Router<Handler>()
  .add('GET', '/', home)
  .add('GET', '/login', showLogin)
  .add('POST', '/login', submitLogin)
  .add('GET', SIGNED_IN_PATH, showSignedIn)
  .add('POST', '/logout', logout);

export async function handleSite(ctx: RequestContext): Promise<void> {
  const method = ctx.req.method ?? 'GET';
  const match = siteRoutes.match(method, ctx.path);
  if (match.kind === 'not_found') throw routeNotFound(ctx.path);
  if (match.kind === 'method_not_allowed') throw methodNotAllowed(method, match.allow);
  await match.handler({ ...ctx, params: match.params });
}
