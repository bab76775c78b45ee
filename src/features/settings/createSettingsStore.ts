// The user's settings as the host stores them: read, changed by a patch, and pushed back by the
// host (`settings.changed`) whoever changed them.
import { create } from 'zustand';
import type { ErrorData, Settings, SettingsPatch } from '../../../electron/contract';
import { idle, loadingFrom, read } from '../../platform/loadable';
import type { Loadable } from '../../platform/loadable';
import { toErrorData } from '../../platform/requests';
import type { Call } from '../../platform/requests';

export interface SettingsState {
  settings: Loadable<Settings>;
  saving: boolean;
  saveError?: ErrorData;
  load(): Promise<void>;
  update(patch: SettingsPatch): Promise<boolean>;
  /** From the settings.changed event. */
  receive(settings: Settings): void;
}

export function createSettingsStore(call: Call) {
  return create<SettingsState>((set, get) => ({
    settings: idle(),
    saving: false,

    async load() {
      set({ settings: loadingFrom(get().settings) });
      set({ settings: await read(call, 'settings.get', {}, get().settings) });
    },

    async update(patch) {
      set({ saving: true, saveError: undefined });
      try {
        const value = await call('settings.update', patch);
        set({ saving: false, settings: { value, loading: false, stale: false } });
        return true;
      } catch (error) {
        set({ saving: false, saveError: toErrorData(error) });
        return false;
      }
    },

    receive(settings) {
      set({ settings: { value: settings, loading: false, stale: false } });
    },
  }));
}
