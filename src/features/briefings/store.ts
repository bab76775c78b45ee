// The app's briefings store, over the window's bridge.
import { call } from '../../platform/api';
import { createBriefingsStore } from './createBriefingsStore';

export type { BriefingKind, BriefingsState } from './createBriefingsStore';

export const useBriefings = createBriefingsStore(call);
