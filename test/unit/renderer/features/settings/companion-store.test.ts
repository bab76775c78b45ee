// The browser companion's store as Settings and the pairing banner use it: read once, kept by the
// host's companion.changed events, and changed by Allow, Deny and Revoke, against a fake bridge.
import { describe, expect, it } from 'vitest';
import type { CompanionBrowser, CompanionState } from '../../../../../electron/contract';
import {
  createCompanionStore,
  waitingBrowsers,
} from '../../../../../src/features/settings/createCompanionStore';
import { fail, fakeBridge, ok } from '../../support/fake-bridge';
import { at } from '../../support/host-fixtures';

const ORIGIN = `chrome-extension://${'a'.repeat(32)}/`;
const waiting: CompanionBrowser = {
  origin: ORIGIN,
  decision: 'pending',
  browser: 'chrome',
  extension: 'other',
  connected: true,
};
const on = (...browsers: CompanionBrowser[]): CompanionState => ({ status: 'on', browsers });

describe('the companion store', () => {
  it('lists the browsers waiting for a decision, and none when the companion is off', async () => {
    const bridge = fakeBridge();
    const store = createCompanionStore(bridge.call);
    bridge.answer('companion.browsers', () => ok({ status: 'off' }));
    await store.getState().load();
    expect(waitingBrowsers(store.getState().state)).toEqual([]);

    store.getState().receive({ change: 'requested', origin: ORIGIN, state: on(waiting) });
    expect(waitingBrowsers(store.getState().state)).toEqual([waiting]);
  });

  it('takes the state a decision answers with, and keeps a failed one’s error by its browser', async () => {
    const bridge = fakeBridge();
    const store = createCompanionStore(bridge.call);
    store.getState().receive({ change: 'requested', origin: ORIGIN, state: on(waiting) });
    bridge.answer('companion.decide', (input) => {
      expect(input).toEqual({ origin: ORIGIN, allow: true });
      return ok(on({ ...waiting, decision: 'allowed', decidedAt: at }));
    });
    await store.getState().decide(ORIGIN, true);
    expect(waitingBrowsers(store.getState().state)).toEqual([]);
    expect(store.getState().busy).toBeUndefined();

    bridge.answer('companion.revoke', () => fail('internal_error', 'Could not save.'));
    await store.getState().revoke(ORIGIN);
    expect(store.getState().actionError).toMatchObject({
      origin: ORIGIN,
      error: { message: 'Could not save.' },
    });
  });
});
