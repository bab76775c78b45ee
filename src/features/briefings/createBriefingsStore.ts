// The morning briefing and the next meeting's briefing, shown from cache first.
import { create } from 'zustand';
import type { Briefing } from '../../../electron/contract';
import { idle, loadingFrom, readCached } from '../../platform/loadable';
import type { Loadable } from '../../platform/loadable';
import type { Call } from '../../platform/requests';

export type BriefingKind = 'morning' | 'meeting';

export interface BriefingsState {
  morning: Loadable<Briefing>;
  meeting: Loadable<Briefing>;
  /** The prep answer started for each meeting (by its key), shown on its card. */
  prepared: Record<string, string>;
  load(kind: BriefingKind, refresh?: boolean): Promise<void>;
  setPrepared(meetingKey: string, runId: string): void;
  /** Another service: the previous one's briefings go. */
  reset(): void;
}

export function createBriefingsStore(call: Call) {
  // Which load of each kind may still answer: a later load or a reset outdates the ones before.
  const seqs: Record<BriefingKind, number> = { morning: 0, meeting: 0 };
  return create<BriefingsState>((set, get) => ({
    morning: idle(),
    meeting: idle(),
    prepared: {},

    setPrepared: (meetingKey, runId) =>
      set((s) => ({ prepared: { ...s.prepared, [meetingKey]: runId } })),

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
      set({ morning: idle(), meeting: idle(), prepared: {} });
    },
  }));
}
