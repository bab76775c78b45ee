// The sign-in pages: plain HTML, no scripts, no external resources, one inline stylesheet
// allowed by a per-response nonce in a strict Content-Security-Policy.
import { randomBytes } from 'node:crypto';

export interface HtmlPage {
  html: string;
  headers: Record<string, string>;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --text: #1d2330; --muted: #5b6475;
  --accent: #2f5bea; --accent-text: #fff; --border: #d9dde5; --error-bg: #fdecec; --error: #a11d1d;
  --hint-bg: #eef3ff; }
@media (prefers-color-scheme: dark) { :root { --bg: #15181e; --card: #1e222b; --text: #e8ebf1;
  --muted: #a3abba; --accent: #6d8cff; --accent-text: #0d1020; --border: #343a47;
  --error-bg: #3a1f22; --error: #ffb4b4; --hint-bg: #222b40; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg);
  color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: min(420px, calc(100vw - 32px)); background: var(--card); border: 1px solid var(--border);
  border-radius: 14px; padding: 32px; box-shadow: 0 10px 30px rgb(0 0 0 / 0.08); }
h1 { font-size: 1.4rem; margin: 0 0 4px; }
p { margin: 0 0 16px; color: var(--muted); }
label { display: block; font-weight: 600; margin: 16px 0 6px; }
input { width: 100%; padding: 10px 12px; font: inherit; color: inherit; background: transparent;
  border: 1px solid var(--border); border-radius: 8px; }
input:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
button { margin-top: 24px; width: 100%; padding: 11px; font: inherit; font-weight: 600; border: 0;
  border-radius: 8px; background: var(--accent); color: var(--accent-text); cursor: pointer; }
.hint { background: var(--hint-bg); border-radius: 8px; padding: 10px 12px; font-size: 0.9rem;
  color: var(--text); margin: 16px 0 0; }
.error { background: var(--error-bg); color: var(--error); border-radius: 8px; padding: 10px 12px;
  margin: 16px 0 0; }
.brand { font-size: 0.8rem; letter-spacing: 0.08em; text-transform: uppercase; color: var(--muted); }
`;

function page(title: string, body: string): HtmlPage {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<div class="brand">Assistant · demo service</div>
${body}
</main>
</body>
</html>
`;
  return {
    html,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': [
        "default-src 'none'",
        `style-src 'nonce-${nonce}'`,
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ].join('; '),
      'X-Frame-Options': 'DENY',
      // Not no-referrer: with it, browsers send "Origin: null" on the form post, which the
      // same-origin check of POST /login must refuse.
      'Referrer-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  };
}

export interface LoginPageInput {
  next?: string;
  email?: string;
  error?: string;
  /** Shown on the page only while the password is the well-known demo default. */
  passwordHint?: string;
  /** The password is a random one the app shows (embedded): the page says where to find it. */
  passwordInApp?: boolean;
}

export function loginPage(input: LoginPageInput): HtmlPage {
  const error =
    input.error === undefined
      ? ''
      : `<div class="error" role="alert">${escapeHtml(input.error)}</div>`;
  const next =
    input.next === undefined
      ? ''
      : `<input type="hidden" name="next" value="${escapeHtml(input.next)}">`;
  // After a failed attempt the email is filled in, so the cursor goes to the password.
  const emailFocus = input.email ? '' : ' autofocus';
  const passwordFocus = input.email ? ' autofocus' : '';
  return page(
    'Sign in · Assistant demo',
    `<h1>Sign in</h1>
<p>Sign in to use briefings, deals and agent runs.</p>
${error}
<form method="post" action="/login">
${next}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${escapeHtml(input.email ?? '')}"${emailFocus}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256"${passwordFocus}>
<button type="submit">Sign in</button>
</form>
<div class="hint">This is a demo service: use any email address and ${
      input.passwordHint !== undefined
        ? `the password <strong>${escapeHtml(input.passwordHint)}</strong>`
        : input.passwordInApp === true
          ? 'the password the app shows beside its Sign in button'
          : 'the demo password you were given'
    }.</div>`,
  );
}

export function signedInPage(): HtmlPage {
  return page(
    'Signed in · Assistant demo',
    `<h1>Signed in</h1>
<p>You are signed in to the demo service. You can close this window.</p>`,
  );
}

export function signedOutPage(): HtmlPage {
  return page(
    'Signed out · Assistant demo',
    `<h1>Signed out</h1>
<p>Your demo session has ended. <a href="/login">Sign in again</a>.</p>`,
  );
}

export function refusedPage(message: string): HtmlPage {
  return page('Refused · Assistant demo', `<h1>Request refused</h1><p>${escapeHtml(message)}</p>`);
}
