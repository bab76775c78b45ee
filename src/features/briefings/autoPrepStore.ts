// The app's automatic-prep store, over the window's bridge.
import { call } from '../../platform/api';
import { createAutoPrepStore } from './createAutoPrepStore';

export type { AutoPrepState } from './createAutoPrepStore';

export const useAutoPrep = createAutoPrepStore(call);
