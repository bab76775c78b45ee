// The panel's actions, for its components (set once by ./main.tsx).
import { createContext, useContext } from 'react';
import type { PanelActions } from './actions';

export const ActionsContext = createContext<PanelActions | null>(null);

export function useActions(): PanelActions {
  const actions = useContext(ActionsContext);
  if (actions === null) throw new Error('The panel’s actions are not provided.');
  return actions;
}
