// The agents the service offers, shown from cache first. Their own slice: the Ask form, the
// run panel, the runs history, the settings and the command palette all name agents, and none
// of them should have to reach into another feature's store for that.
import { create } from 'zustand';
import type { Agent } from '../../../electron/contract';
import { idle, loadingFrom, readCached } from '../../platform/loadable';
import type { Loadable } from '../../platform/loadable';
import type { Call } from '../../platform/requests';

export interface AgentsState {
  agents: Loadable<Agent[]>;
  loadAgents(refresh?: boolean): Promise<void>;
  /** Another service: the previous one's agents go. */
  reset(): void;
}

export function createAgentsStore(call: Call) {
  // Which load may still answer: a later load or a reset outdates the ones before it.
  let seq = 0;
  return create<AgentsState>((set, get) => ({
    agents: idle(),

    async loadAgents(refresh = false) {
      const mine = ++seq;
      set({ agents: loadingFrom(get().agents) });
      const next = await readCached(call, 'agents.list', refresh ? { refresh } : {}, get().agents);
      if (mine === seq) set({ agents: next });
    },

    reset() {
      seq += 1;
      set({ agents: idle() });
    },
  }));
}
