import { describe, expect, it } from 'vitest';
import { rowAfterKey } from '../../../../../src/features/runs/rawEventKeys';

describe('keys in the raw events list', () => {
  it('move the selection by one, by a screen, or to either end, never past the list', () => {
    expect(rowAfterKey('ArrowDown', 4, 10, 3)).toBe(5);
    expect(rowAfterKey('ArrowUp', 0, 10, 3)).toBe(0);
    expect(rowAfterKey('PageDown', 8, 10, 3)).toBe(9);
    expect(rowAfterKey('PageUp', 4, 10, 3)).toBe(1);
    expect(rowAfterKey('Home', 7, 10, 3)).toBe(0);
    expect(rowAfterKey('End', 0, 10, 3)).toBe(9);
    // Nothing selected yet: the first key down selects the first row shown.
    expect(rowAfterKey('ArrowDown', -1, 10, 3)).toBe(0);
  });

  it('leave other keys to the page', () => {
    expect(rowAfterKey('Enter', 2, 10, 3)).toBeUndefined();
    expect(rowAfterKey('a', 2, 10, 3)).toBeUndefined();
  });
});
