// Asking the deal search field to take focus: `/`, the palette's Deals, and the global shortcut
// (through a navigate event) ask; the deal picker, when it is on screen, answers.
import { create } from 'zustand';

/** The number of requests so far: a change is a new request. */
export const useDealSearchFocus = create<{ requests: number }>(() => ({ requests: 0 }));

export function focusDealSearch(): void {
  useDealSearchFocus.setState((s) => ({ requests: s.requests + 1 }));
}
