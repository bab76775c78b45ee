// The app's runs store, over the window's bridge. Subscribed to the host's events once (see
// app/events.ts), so a run keeps streaming while the user is on another screen.
import { call } from '../../platform/api';
import { createRunsStore } from './createRunsStore';

export { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './createRunsStore';
export type { HistoryParams, RunsState } from './createRunsStore';
export { isActiveStatus, runsForDeal } from './runMeta';
export type { LiveRunMeta } from './runMeta';

export const useRuns = createRunsStore(call);
