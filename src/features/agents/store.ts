// The app's agents store, over the window's bridge.
import { call } from '../../platform/api';
import { createAgentsStore } from './createAgentsStore';

export type { AgentsState } from './createAgentsStore';

export const useAgents = createAgentsStore(call);
