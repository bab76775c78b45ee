// The morning briefing and the next meeting's briefing, shown from cache first.
import { create } from 'zustand';
import type { Briefing } from '../../../electron/contract';
import { call } from '../../platform/api';
import { idle, loadingFrom, readCached } from '../../platform/loadable';
import type { Loadable } from '../../platform/loadable';

export type BriefingKind = 'morning' | 'meeting';

interface BriefingsState {
  morning: Loadable<Briefing>;
  meeting: Loadable<Briefing>;
  load(kind: BriefingKind, refresh?: boolean): Promise<void>;
  /** Another service: the previous one's briefings go. */
  reset(): void;
}

const seqs: Record<BriefingKind, number> = { morning: 0, meeting: 0 };

export const useBriefings = create<BriefingsState>((set, get) => ({
  morning: idle(),
  meeting: idle(),
  async load(kind, refresh = false) {
    const seq = ++seqs[kind];
    set({ [kind]: loadingFrom(get()[kind]) });
    const name = kind === 'morning' ? 'briefings.morning' : 'briefings.meeting';
    const next = await readCached(call, name, refresh ? { refresh } : {}, get()[kind]);
    if (seq === seqs[kind]) set({ [kind]: next });
  },
  reset() {
    seqs.morning += 1;
    seqs.meeting += 1;
    set({ morning: idle(), meeting: idle() });
  },
}));
