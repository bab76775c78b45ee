// What the preload does with these names (an unknown request answered with the contract's
// unknown_request code, an unknown event refused) is asserted where the built preload runs: the
// desktop launch journey.
import { describe, expect, it } from 'vitest';
import { eventNames, requestNames } from '../../../electron/contract';
import {
  EVENT_NAMES,
  isAllowedEventName,
  isAllowedRequestName,
  REQUEST_NAMES,
} from '../../../electron/preload/channels';

describe('the names the preload lets through', () => {
  it('are exactly the contract names', () => {
    expect([...REQUEST_NAMES].sort()).toEqual([...requestNames].sort());
    expect([...EVENT_NAMES].sort()).toEqual([...eventNames].sort());
  });

  it('refuse anything else, including prototype keys', () => {
    expect(isAllowedRequestName('runs.start')).toBe(true);
    for (const name of ['constructor', '__proto__', 'toString', 'runs.start ', '', 42, undefined]) {
      expect(isAllowedRequestName(name)).toBe(false);
      expect(isAllowedEventName(name)).toBe(false);
    }
    expect(isAllowedEventName('run.update')).toBe(true);
  });
});
