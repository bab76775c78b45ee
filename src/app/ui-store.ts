// The shell's own state that is not data: whether the command palette is open.
import { create } from 'zustand';

interface UiState {
  paletteOpen: boolean;
  setPalette(open: boolean): void;
}

export const useUi = create<UiState>((set) => ({
  paletteOpen: false,
  setPalette: (open) => set({ paletteOpen: open }),
}));
