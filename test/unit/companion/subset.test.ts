// The companion's narrow contract: the user's decisions about browsers (and the other private
// parts of the contract) stay out of it, whatever the subset's list says.
import { describe, expect, it } from 'vitest';
import { requestNames } from '../../../electron/contract';
import { REFUSED_TO_COMPANION, SUBSET, isSubsetName } from '../../../electron/companion/subset';

describe('the companion’s subset', () => {
  it('refuses the requests that decide about browsers', () => {
    for (const name of ['companion.browsers', 'companion.decide', 'companion.revoke']) {
      expect(REFUSED_TO_COMPANION).toContain(name);
      expect(isSubsetName(name)).toBe(false);
    }
  });

  it('shares no name with the refused list, and every refused name is a contract request', () => {
    const subset: readonly string[] = SUBSET;
    expect(REFUSED_TO_COMPANION.filter((name) => subset.includes(name))).toEqual([]);
    for (const name of REFUSED_TO_COMPANION) expect(requestNames).toContain(name);
  });

  it('lets the subset’s own names through', () => {
    for (const name of SUBSET) expect(isSubsetName(name)).toBe(true);
  });
});
