// Usage against quotas for the billing period.
import { create } from 'zustand';
import type { UsageSummary } from '../../../electron/contract';
import { idle, loadingFrom, read } from '../../platform/loadable';
import type { Loadable } from '../../platform/loadable';
import type { Call } from '../../platform/requests';

export interface UsageState {
  summary: Loadable<UsageSummary>;
  load(): Promise<void>;
  /** Another service: the previous one's usage goes. */
  reset(): void;
}

export function createUsageStore(call: Call) {
  // Which load may still answer: a later load or a reset outdates the ones before it.
  let seq = 0;
  return create<UsageState>((set, get) => ({
    summary: idle(),

    async load() {
      const mine = ++seq;
      set({ summary: loadingFrom(get().summary) });
      const next = await read(call, 'usage.summary', {}, get().summary);
      if (mine === seq) set({ summary: next });
    },

    reset() {
      seq += 1;
      set({ summary: idle() });
    },
  }));
}
