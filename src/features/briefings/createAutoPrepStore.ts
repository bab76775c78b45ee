// Where each of today's meetings' automatic prep stands (scheduled, being prepared, ready, not
// prepared and why), as core keeps it: read once, then kept current by `autoPrep.changed`.
import { create } from 'zustand';
import type { AutoPrepMeeting, AutoPrepPrepared, AutoPreps } from '../../../electron/contract';
import { idle, loadingFrom, read } from '../../platform/loadable';
import type { Loadable } from '../../platform/loadable';
import type { Call } from '../../platform/requests';

export interface AutoPrepState {
  preps: Loadable<AutoPreps>;
  load(): Promise<void>;
  /** Core's list as an event carried it: newer than any read still on its way. */
  receive(preps: AutoPreps): void;
  /** The user opened this meeting's prep: shown read at once, core records it. */
  markRead(meetingKey: string): Promise<void>;
  /**
   * Prepare this meeting now, through core's claim (one prep per meeting occurrence): the prep
   * started, or the one already there. The list follows with core's `autoPrep.changed`.
   */
  prepare(meetingKey: string, dealId: string): Promise<AutoPrepPrepared>;
  /** Another service: the previous one's meetings go. */
  reset(): void;
}

export function createAutoPrepStore(call: Call) {
  // A read answered after an event (or a reset) would put back an older list: only the latest
  // read or event may set it.
  let seq = 0;
  return create<AutoPrepState>((set, get) => ({
    preps: idle(),

    async load() {
      const mine = ++seq;
      set({ preps: loadingFrom(get().preps) });
      const next = await read(call, 'autoPrep.list', {}, get().preps);
      if (mine === seq) set({ preps: next });
    },

    receive(preps) {
      seq += 1;
      set({
        preps: { value: preps, loading: false, stale: false, fetchedAt: new Date().toISOString() },
      });
    },

    async markRead(meetingKey) {
      const shown = get().preps.value;
      if (shown !== undefined) {
        seq += 1;
        set({ preps: { ...get().preps, value: withRead(shown, meetingKey) } });
      }
      try {
        get().receive(await call('autoPrep.markRead', { meetingKey }));
      } catch {
        // Opening the answer is what the user wanted; the mark follows with core's next change.
      }
    },

    prepare: (meetingKey, dealId) => call('autoPrep.prepare', { meetingKey, dealId }),

    reset() {
      seq += 1;
      set({ preps: idle() });
    },
  }));
}

function withRead(preps: AutoPreps, meetingKey: string): AutoPreps {
  return {
    meetings: preps.meetings.map((m): AutoPrepMeeting =>
      m.meetingKey === meetingKey && m.prep.status === 'ready'
        ? { ...m, prep: { ...m.prep, read: true } }
        : m,
    ),
  };
}
