// The app's settings store, over the window's bridge.
import { call } from '../../platform/api';
import { createSettingsStore } from './createSettingsStore';

export type { SettingsState } from './createSettingsStore';

export const useSettings = createSettingsStore(call);
