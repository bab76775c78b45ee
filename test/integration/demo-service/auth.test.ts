// The demo service's metadata, envelopes and authentication: the session cookie, the sign-in
// page and form, expiry and revocation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metadata } from '../../support/demo-schemas';
import { startHarness } from '../../support/demo-harness';
import type { Harness } from '../../support/demo-harness';

let h: Harness;
beforeAll(async () => {
  // The public password of the standalone command; left out, the service picks a random one.
  h = await startHarness({ password: 'demo' });
});
afterAll(() => h.service.stop());

describe('service metadata', () => {
  it('answers GET on the base with exactly the metadata of spec 2.2 in the success envelope', async () => {
    const res = await h.data('', Metadata);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body.principal.scopes).toEqual([
      'agents:read',
      'runs:read',
      'runs:write',
      'briefings:read',
      'deals:read',
    ]);
    expect(h.service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/assistant$/);
  });

  it('gives every request its own id, in the body and the X-Request-Id header', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const res = await h.call('');
      const body = (await res.json()) as { requestId: string };
      expect(res.headers.get('x-request-id')).toBe(body.requestId);
      ids.add(body.requestId);
    }
    const failed = await h.failure('/nope', 404);
    expect(failed.headers.get('x-request-id')).toBe(failed.body.requestId);
    ids.add(failed.body.requestId);
    expect(ids.size).toBe(4);
  });

  it('accepts the base with a trailing slash', async () => {
    await expect(h.data('/', Metadata)).resolves.toMatchObject({ status: 200 });
  });
});

describe('authentication', () => {
  it('refuses a request without the cookie with 401 unauthorized saying authentication is required', async () => {
    const res = await h.failure('', 401, { auth: false });
    expect(res.body.error.code).toBe('unauthorized');
    expect(res.body.error.message).toMatch(/authentication is required/i);
  });

  it('refuses an unknown session token', async () => {
    const res = await h.failure('/agents', 401, {
      headers: { cookie: 'sb-access-token=not-a-session' },
    });
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('finds the cookie among others', async () => {
    const res = await h.call('', { headers: { cookie: `theme=dark; ${h.cookie}; other=1` } });
    expect(res.status).toBe(200);
  });

  it('refuses an expired session, saying so, and a revoked one', async () => {
    const token = h.service.control.createSession();
    const cookie = `sb-access-token=${token}`;
    expect((await h.call('', { headers: { cookie } })).status).toBe(200);
    h.service.control.expireSession(token);
    const expired = await h.failure('', 401, { headers: { cookie } });
    expect(expired.body.error).toMatchObject({ code: 'unauthorized', reason: 'expired' });
    expect(expired.body.error.message).toMatch(/expired/);

    const other = h.service.control.createSession();
    h.service.control.revokeSession(other);
    const revoked = await h.failure('', 401, { headers: { cookie: `sb-access-token=${other}` } });
    expect(revoked.body.error.code).toBe('unauthorized');
  });

  it('lets sessions expire by themselves after their lifetime', async () => {
    const token = h.service.control.createSession({ ttlMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const res = await h.failure('', 401, { headers: { cookie: `sb-access-token=${token}` } });
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('does not read a request body before authenticating', async () => {
    const res = await h.failure('/runs', 401, {
      auth: false,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.body.error.code).toBe('unauthorized');
  });
});

describe('sign-in page', () => {
  const site = (path: string, init?: RequestInit): Promise<Response> =>
    fetch(`${h.service.origin}${path}`, { redirect: 'manual', ...init });
  const form = (
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

  it('serves an HTML form with a strict CSP and no external resources', async () => {
    const res = await site('/login?next=/somewhere');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await res.text();
    expect(html).toContain('<form method="post" action="/login">');
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
    expect(html).toContain('value="/somewhere"');
    expect(html).not.toMatch(/<script|https?:\/\/(?!127)/);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toContain(`<style nonce="${nonce}">`);
  });

  it('redirects / to the sign-in page', async () => {
    const res = await site('/');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
  });

  it('signs in with any email and the demo password: HttpOnly SameSite=Lax cookie, 303 to the done page', async () => {
    const res = await site('/login', form({ email: 'zoë@example.com', password: 'demo' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login/done');
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^sb-access-token=[A-Za-z0-9._~-]+; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');

    const cookie = setCookie.split(';')[0] ?? '';
    expect((await h.call('', { headers: { cookie } })).status).toBe(200);

    const done = await site('/login/done');
    expect(await done.text()).toContain('You can close this window');
  });

  it('follows ?next= on the same origin only', async () => {
    const same = await site(
      '/login',
      form({ email: 'a@b.c', password: 'demo', next: '/api/v1/assistant?x=1' }),
    );
    expect(same.headers.get('location')).toBe('/api/v1/assistant?x=1');
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await site('/login', form({ email: 'a@b.c', password: 'demo', next }));
      expect(res.headers.get('location')).toBe('/login/done');
    }
  });

  it('shows the form again with a message for a wrong password or a missing email', async () => {
    const wrong = await site('/login', form({ email: 'a@b.c', password: 'nope' }));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).toContain('role="alert"');
    const noEmail = await site('/login', form({ email: '', password: 'demo' }));
    expect(noEmail.status).toBe(401);
  });

  it('escapes what it echoes', async () => {
    const res = await site('/login', form({ email: '"><script>x</script>@a', password: 'nope' }));
    const html = await res.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('accepts the Origin a browser sends from the page itself, and refuses Origin: null', async () => {
    const ok = await site(
      '/login',
      form({ email: 'a@b.c', password: 'demo' }, { origin: h.service.origin }),
    );
    expect(ok.status).toBe(303);
    const opaque = await site(
      '/login',
      form({ email: 'a@b.c', password: 'demo' }, { origin: 'null' }),
    );
    expect(opaque.status).toBe(403);
    // With "no-referrer" browsers would send Origin: null from our own form and be refused.
    const page = await site('/login');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('refuses a sign-in posted from another origin', async () => {
    const res = await site(
      '/login',
      form({ email: 'a@b.c', password: 'demo' }, { origin: 'https://evil.example' }),
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('signs out: the session is revoked and the cookie cleared', async () => {
    const signIn = await site('/login', form({ email: 'a@b.c', password: 'demo' }));
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const out = await site('/logout', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await h.call('', { headers: { cookie } })).status).toBe(401);
  });

  it('uses a configured password and then does not print it on the page', async () => {
    const other = await startHarness({ password: 's3cret' });
    try {
      const page = await fetch(other.service.loginUrl);
      expect(await page.text()).not.toContain('s3cret');
      const res = await fetch(other.service.loginUrl, {
        redirect: 'manual',
        ...form({ email: 'a@b.c', password: 's3cret' }),
      });
      expect(res.status).toBe(303);
    } finally {
      await other.service.stop();
    }
  });

  it('accepts a fixed demo token', async () => {
    const other = await startHarness({ token: 'fixed-test-token' });
    try {
      expect(other.service.token).toBe('fixed-test-token');
      const res = await fetch(other.service.baseUrl, {
        headers: { cookie: 'sb-access-token=fixed-test-token' },
      });
      expect(res.status).toBe(200);
    } finally {
      await other.service.stop();
    }
  });
});
