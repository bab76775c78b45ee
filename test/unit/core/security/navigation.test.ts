import { describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../../../electron/core/security/app-origin';
import {
  checkSignInUrl,
  decideAppNavigation,
  decideAppRedirect,
  decideSignInNavigation,
  decideWindowOpen,
} from '../../../../electron/core/security/navigation';

describe('navigation in the app window', () => {
  it('stays on the app origin (a reload is allowed)', () => {
    expect(decideAppNavigation(`${APP_ORIGIN}/index.html`, APP_ORIGIN)).toEqual({
      action: 'allow',
    });
    expect(decideAppNavigation('app://ASSISTANT/index.html#/deals', APP_ORIGIN)).toEqual({
      action: 'allow',
    });
  });

  it('never loads a web page in the app window; the link goes to the browser instead', () => {
    expect(decideAppNavigation('https://example.com/page', APP_ORIGIN)).toEqual({
      action: 'deny',
      reason: 'left the app origin',
      openExternally: 'https://example.com/page',
    });
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'app://other-host/index.html',
    'app://assistant.evil/index.html',
    'https://user:pw@evil.example/',
    'data:text/html,hi',
  ])('refuses %s without opening anything', (target) => {
    const decision = decideAppNavigation(target, APP_ORIGIN);
    expect(decision.action).toBe('deny');
    expect(decision).not.toHaveProperty('openExternally');
  });

  it('follows no redirect away from the app', () => {
    expect(decideAppRedirect('https://example.com/', APP_ORIGIN).action).toBe('deny');
    expect(decideAppRedirect(`${APP_ORIGIN}/index.html`, APP_ORIGIN).action).toBe('allow');
  });

  it('a dev server origin is its own app origin', () => {
    const dev = 'http://127.0.0.1:5173';
    expect(decideAppNavigation('http://127.0.0.1:5173/', dev).action).toBe('allow');
    expect(decideAppNavigation('http://127.0.0.1:5174/', dev)).toMatchObject({ action: 'deny' });
  });
});

describe('window.open and target=_blank', () => {
  it('never creates a window; a checked web link opens in the browser', () => {
    expect(decideWindowOpen('https://example.com/x')).toEqual({
      action: 'deny',
      reason: 'new windows are not created',
      openExternally: 'https://example.com/x',
    });
  });

  it.each([
    'javascript:void(0)',
    'file:///C:/Windows/System32/calc.exe',
    `${APP_ORIGIN}/index.html`,
    'about:blank',
    '',
  ])('denies %s without opening it', (target) => {
    const decision = decideWindowOpen(target);
    expect(decision.action).toBe('deny');
    expect(decision).not.toHaveProperty('openExternally');
  });
});

describe('the sign-in window', () => {
  const signIn = 'https://login.example.com/sign-in';

  it('follows https identity providers and the demo service on loopback', () => {
    expect(
      decideSignInNavigation('https://idp.example.net/authorize', signIn, APP_ORIGIN).action,
    ).toBe('allow');
    expect(
      decideSignInNavigation(
        'http://127.0.0.1:4010/sign-in',
        'http://127.0.0.1:4010/sign-in',
        APP_ORIGIN,
      ).action,
    ).toBe('allow');
  });

  it.each([
    'http://evil.example/phish',
    'file:///etc/passwd',
    'javascript:alert(1)',
    `${APP_ORIGIN}/index.html`,
    'https://user:pw@login.example.com/',
    'not a url',
  ])('refuses %s', (target) => {
    expect(decideSignInNavigation(target, signIn, APP_ORIGIN).action).toBe('deny');
  });

  it('opens only an https sign-in page, or plain http on this computer', () => {
    expect(checkSignInUrl('https://login.example.com/')).toEqual({
      ok: true,
      url: 'https://login.example.com/',
    });
    expect(checkSignInUrl('http://127.0.0.1:4010/sign-in')).toMatchObject({ ok: true });
    expect(checkSignInUrl('http://login.example.com/')).toMatchObject({ ok: false });
    expect(checkSignInUrl('file:///tmp/sign-in.html')).toMatchObject({ ok: false });
    expect(checkSignInUrl('https://a:b@login.example.com/')).toMatchObject({ ok: false });
  });
});
