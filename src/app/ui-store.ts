// Shell state that is not data: the command palette, the sign-in dialog, focus requests.
import { create } from 'zustand';

interface UiState {
  paletteOpen: boolean;
  signInOpen: boolean;
  /** Bumped to ask the deal search field to take focus. */
  searchFocusRequest: number;
  setPalette(open: boolean): void;
  setSignIn(open: boolean): void;
  focusSearch(): void;
}

export const useUi = create<UiState>((set) => ({
  paletteOpen: false,
  signInOpen: false,
  searchFocusRequest: 0,
  setPalette: (open) => set({ paletteOpen: open }),
  setSignIn: (open) => set({ signInOpen: open }),
  focusSearch: () => set((s) => ({ searchFocusRequest: s.searchFocusRequest + 1 })),
}));
