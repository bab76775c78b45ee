// The app's usage store, over the window's bridge.
import { call } from '../../platform/api';
import { createUsageStore } from './createUsageStore';

export type { UsageState } from './createUsageStore';

export const useUsage = createUsageStore(call);
