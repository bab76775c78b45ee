// The app's deals store, over the window's bridge; a run starts through the runs store.
import { call } from '../../platform/api';
import { useRuns } from '../runs';
import { createDealsStore } from './createDealsStore';

export { draftFor } from './createDealsStore';
export type { DealBookInfo, DealsState, Draft, RestSearch, StartState } from './createDealsStore';

export const useDeals = createDealsStore({
  call,
  startRun: (input) => useRuns.getState().start(input),
});
