import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL, APP_ORIGIN } from '../../../../electron/core/security/app-origin';
import { checkSender, type SenderInfo } from '../../../../electron/core/security/trusted-sender';

const ours: SenderInfo = {
  senderUrl: `${APP_ENTRY_URL}#/today`,
  isMainFrame: true,
  appOrigin: APP_ORIGIN,
  fromAppWindow: true,
};

describe('who may call the contract', () => {
  it('trusts the top frame of the app window on the app origin', () => {
    expect(checkSender(ours)).toEqual({ trusted: true });
  });

  it('refuses a foreign frame inside the app window', () => {
    expect(checkSender({ ...ours, isMainFrame: false })).toEqual({
      trusted: false,
      reason: 'not the top frame',
    });
  });

  it.each([
    'https://evil.example/',
    'app://evil/index.html',
    'file:///tmp/index.html',
    'about:blank',
    'data:text/html,x',
    'http://127.0.0.1:5173/',
  ])('refuses a page at %s', (senderUrl) => {
    expect(checkSender({ ...ours, senderUrl })).toMatchObject({ trusted: false });
  });

  it('refuses other windows (the sign-in window) and frames that are gone', () => {
    expect(checkSender({ ...ours, fromAppWindow: false })).toMatchObject({ trusted: false });
    expect(checkSender({ ...ours, senderUrl: undefined })).toMatchObject({ trusted: false });
  });

  it('in development trusts the dev server origin only', () => {
    const dev = { ...ours, appOrigin: 'http://127.0.0.1:5173' };
    expect(checkSender({ ...dev, senderUrl: 'http://127.0.0.1:5173/' })).toEqual({ trusted: true });
    expect(checkSender({ ...dev, senderUrl: APP_ENTRY_URL })).toMatchObject({ trusted: false });
  });
});
