// The browser companion's browsers and the user's decisions, as Settings and the pairing banner
// show them: read once, then kept by the host's `companion.changed` events (which carry the
// whole state), and changed by Allow, Deny and Revoke.
import { create } from 'zustand';
import type {
  CompanionBrowser,
  CompanionChanged,
  CompanionState,
  ErrorData,
} from '../../../electron/contract';
import { toErrorData } from '../../platform/requests';
import type { Call } from '../../platform/requests';

export interface CompanionStoreState {
  state: CompanionState | undefined;
  loadError: ErrorData | undefined;
  /** The origin whose decision is being saved, and a failed one's error. */
  busy: string | undefined;
  actionError: { origin: string; error: ErrorData } | undefined;
  load(): Promise<void>;
  receive(changed: CompanionChanged): void;
  decide(origin: string, allow: boolean): Promise<void>;
  revoke(origin: string): Promise<void>;
}

/** The browsers waiting for the user's decision now. */
export function waitingBrowsers(state: CompanionState | undefined): CompanionBrowser[] {
  return state?.status === 'on' ? state.browsers.filter((b) => b.decision === 'pending') : [];
}

export function createCompanionStore(call: Call) {
  return create<CompanionStoreState>((set) => {
    const act = async (origin: string, request: () => Promise<CompanionState>) => {
      set({ busy: origin, actionError: undefined });
      try {
        set({ state: await request(), busy: undefined });
      } catch (error) {
        set({ busy: undefined, actionError: { origin, error: toErrorData(error) } });
      }
    };
    return {
      state: undefined,
      loadError: undefined,
      busy: undefined,
      actionError: undefined,
      async load() {
        try {
          set({ state: await call('companion.browsers', {}), loadError: undefined });
        } catch (error) {
          set({ loadError: toErrorData(error) });
        }
      },
      receive(changed) {
        set({ state: changed.state, loadError: undefined });
      },
      decide: (origin, allow) => act(origin, () => call('companion.decide', { origin, allow })),
      revoke: (origin) => act(origin, () => call('companion.revoke', { origin })),
    };
  });
}
