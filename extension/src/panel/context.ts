// The panel's store, for its components (provided once by ./main.tsx; a test may give its own).
import { createContext, useContext } from 'react';
import type { PanelActions, PanelStore } from './panel-state';
import type { PanelStoreHook } from './createPanelStore';

export const PanelStoreContext = createContext<PanelStoreHook | null>(null);

function useStoreHook(): PanelStoreHook {
  const store = useContext(PanelStoreContext);
  if (store === null) throw new Error('The panel’s store is not provided.');
  return store;
}

/** A part of the panel's state; the component renders again when it changes. */
export function usePanel<T>(select: (state: PanelStore) => T): T {
  return useStoreHook()(select);
}

/** The panel's actions: functions that never change, so reading them renders nothing again. */
export function useActions(): PanelActions {
  return useStoreHook().getState();
}
