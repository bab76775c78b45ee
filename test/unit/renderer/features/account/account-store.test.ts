// The account store driven through its actions against a fake bridge, as the banners, the
// sign-in dialog and the session section use it; the session it gets goes to a real host store.
import { describe, expect, it } from 'vitest';
import { createAccountStore } from '../../../../../src/features/account/createAccountStore';
import { createHostStore } from '../../../../../src/platform/createHostStore';
import { fail, fakeBridge, ok } from '../../support/fake-bridge';
import { session } from '../../support/host-fixtures';

function stores() {
  const bridge = fakeBridge();
  const host = createHostStore(bridge.call);
  const account = createAccountStore(bridge.call, host);
  return { bridge, host, account };
}

describe('the account store', () => {
  it('signs in with a pasted token: pending meanwhile, then the host store has the session', async () => {
    const { bridge, host, account } = stores();
    const answers = bridge.hold('session.setToken');
    const signingIn = account.getState().setToken('abc');
    expect(account.getState().sessionAction).toEqual({ pending: true });
    answers[0]?.(ok(session({ signedIn: true })));
    expect(await signingIn).toBe(true);
    expect(bridge.inputs('session.setToken')).toEqual([{ token: 'abc' }]);
    expect(account.getState().sessionAction).toEqual({ pending: false });
    expect(host.getState().session?.signedIn).toBe(true);
  });

  it('keeps the host’s error and the session as it was when an action fails', async () => {
    const { bridge, host, account } = stores();
    host.setState({ session: session({ signedIn: true }) });
    bridge.answer('session.signOut', () => fail('internal_error', 'Could not sign out.'));
    await account.getState().signOut();
    expect(account.getState().sessionAction).toEqual({
      pending: false,
      error: { code: 'internal_error', message: 'Could not sign out.', retryable: false },
    });
    expect(host.getState().session?.signedIn).toBe(true);
  });

  it('starts sign-in in the host’s window where it can, and opens the dialog where it cannot', async () => {
    const { bridge, host, account } = stores();
    host.setState({ session: session({ canSignInWithWindow: true }) });
    bridge.answer('session.signIn', () => ok(session({ signedIn: true })));
    await account.getState().startSignIn();
    expect(bridge.inputs('session.signIn')).toHaveLength(1);
    expect(account.getState().signInOpen).toBe(false);
    expect(host.getState().session?.signedIn).toBe(true);

    // The window failed (closed, refused): the dialog offers the token instead.
    bridge.answer('session.signIn', () => fail('sign_in_failed'));
    await account.getState().startSignIn();
    expect(account.getState().signInOpen).toBe(true);

    const { bridge: noWindow, account: browser } = stores();
    await browser.getState().startSignIn();
    expect(noWindow.calls).toEqual([]);
    expect(browser.getState().signInOpen).toBe(true);
  });
});
