// The companion's narrow contract: the user's decisions about browsers (and the other private
// parts of the contract) stay out of it, whatever the subset's list says.
import { describe, expect, it } from 'vitest';
import { CRM_NAMES } from '../../../extension/src/deal-address';
import {
  CRMS,
  CONTRACT_SUBSET,
  Crm,
  companionRequests,
  requestNames,
  requests,
} from '../../../electron/contract';
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

describe('the companion’s requests in the contract', () => {
  it('are the subset the host serves, each with the contract’s schemas but for runs.find', () => {
    expect(Object.keys(companionRequests).sort()).toEqual([...SUBSET].sort());
    for (const name of CONTRACT_SUBSET) {
      if (name === 'runs.find') continue;
      expect(companionRequests[name]).toBe(requests[name]);
    }
  });

  it('name the CRMs core compares ids of and the extension recognises, no more, no fewer', () => {
    // Two lists: the contract's (the lookup's schema and core's id rules read it) and the
    // extension's recogniser's (its zone imports no contract): a CRM the lookup's schema lacked
    // would leave its deals never found.
    expect([...Crm.options]).toEqual([...CRMS]);
    expect([...CRMS].sort()).toEqual([...CRM_NAMES].sort());
  });

  it('find runs of one deal only', () => {
    const input = companionRequests['runs.find'].input;
    expect(input.safeParse({ limit: 20 }).success).toBe(false);
    expect(input.safeParse({ dealId: 'deal_1', limit: 20 }).success).toBe(true);
  });
});
