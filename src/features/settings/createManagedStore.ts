// Which settings IT set by policy (locked, or as the organisation's default) and the policy
// values the app did not apply: read once, then kept by the host's `settings.managedChanged`
// events, so a policy IT changes while the app runs shows without a reload.
import { create } from 'zustand';
import { NO_MANAGED_SETTINGS } from '../../../electron/contract';
import type { ErrorData, ManagedSettings } from '../../../electron/contract';
import { toErrorData } from '../../platform/requests';
import type { Call } from '../../platform/requests';

export interface ManagedStoreState {
  /** Nothing managed until the host says otherwise (core refuses a locked key anyway). */
  managed: ManagedSettings;
  loadError: ErrorData | undefined;
  load(): Promise<void>;
  /** From the settings.managedChanged event. */
  receive(managed: ManagedSettings): void;
}

export function createManagedStore(call: Call) {
  return create<ManagedStoreState>((set) => ({
    managed: NO_MANAGED_SETTINGS,
    loadError: undefined,
    async load() {
      try {
        set({ managed: await call('settings.managed', {}), loadError: undefined });
      } catch (error) {
        set({ loadError: toErrorData(error) });
      }
    },
    receive(managed) {
      set({ managed, loadError: undefined });
    },
  }));
}
