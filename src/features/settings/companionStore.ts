// The browser companion's store, over the window's bridge.
import { call } from '../../platform/api';
import { createCompanionStore } from './createCompanionStore';

export const useCompanion = createCompanionStore(call);
