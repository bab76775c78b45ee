// Browser mode may have the app open in several tabs: the app counts as looked at while any of
// them has focus, and a closed tab no longer counts.
import { describe, expect, it } from 'vitest';
import { createFocusTracker } from '../../../../electron/core/host';

describe('focus across pages', () => {
  it('is focused while any open page is, and not once every page has lost focus', () => {
    const focus = createFocusTracker();
    expect(focus.anyFocused()).toBe(false);
    focus.connect('a');
    // Just opened: the user is looking at it until it says otherwise.
    expect(focus.anyFocused()).toBe(true);
    focus.connect('b');
    focus.report('a', false);
    expect(focus.anyFocused()).toBe(true);
    focus.report('b', false);
    expect(focus.anyFocused()).toBe(false);
    focus.report('b', true);
    expect(focus.anyFocused()).toBe(true);
  });

  it('forgets a page that went away, and does not revive a report by reconnecting', () => {
    const focus = createFocusTracker();
    focus.connect('a');
    focus.report('a', false);
    focus.connect('b');
    expect(focus.anyFocused()).toBe(true);
    focus.disconnect('b');
    expect(focus.anyFocused()).toBe(false);
    focus.connect('a');
    expect(focus.anyFocused()).toBe(false);
  });
});
