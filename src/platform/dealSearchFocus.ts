// Asking the deal search field to take focus: `/`, the palette's Deals, and the global shortcut
// (through a navigate event) ask; the deal picker, when it is on screen, answers.
import { create } from 'zustand';
import { holdKeysFor } from './heldKeys';

/** The number of requests so far: a change is a new request. */
export const useDealSearchFocus = create<{ requests: number }>(() => ({ requests: 0 }));

/** Asks for the field; keys typed until it has focus are held for it (see heldKeys.ts). */
export function focusDealSearch(): void {
  holdKeysFor('deal-search');
  useDealSearchFocus.setState((s) => ({ requests: s.requests + 1 }));
}
