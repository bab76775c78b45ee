// Deals and the Ask form's drafts. Drafts are kept per deal in memory for the whole session
// (never in web storage): a failed start, a sign-in or a trip to another screen loses nothing
// the user typed. Built on a `Call` and the runs store's start, both given, so the store is
// driven under Node in its tests.
import { create } from 'zustand';
import type { StoreApi } from 'zustand';
import type { Deal, DealsList, ErrorData } from '../../../electron/contract';
import type { MessageId } from '../../../electron/domain/i18n/messages';
import { idle, loadingFrom, readCached } from '../../platform/loadable';
import type { Loadable } from '../../platform/loadable';
import { toErrorData } from '../../platform/requests';
import type { Call } from '../../platform/requests';
import type { ListView } from '../../lib/dealList';

export interface Draft {
  agentId: string;
  message: string;
}

export interface StartState {
  pending: boolean;
  error?: ErrorData;
  /** Validation messages by field, shown next to the field (ids: said in the language in use). */
  invalid?: { agent?: MessageId; message?: MessageId };
}

/** Past what the picker holds: how many more there are, so it can say so. */
export interface DealBookInfo {
  truncated: boolean;
  total?: number;
}

/** A search of every deal (the service's, or core's page by page) for what is not loaded. */
export interface RestSearch {
  query: string;
  loading: boolean;
  items?: Deal[];
  searchedBy?: DealsList['searchedBy'];
  error?: ErrorData;
}

export interface DealsState {
  list: Loadable<Deal[]>;
  book: DealBookInfo;
  rest?: RestSearch;
  details: Record<string, Loadable<Deal> | undefined>;
  query: string;
  /** How the list is sorted and which stage it shows. */
  view: ListView;
  setView(patch: Partial<ListView>): void;
  drafts: Record<string, Draft | undefined>;
  starts: Record<string, StartState | undefined>;
  /** The agent chosen last, offered first on the next deal. */
  lastAgentId: string;
  /** Chooses the agent offered first from now on (the palette's Agents). */
  rememberAgent(agentId: string): void;
  loadList(refresh?: boolean): Promise<void>;
  /** Searches the deals the picker does not hold (only when it holds part of them). */
  searchRest(query: string): Promise<void>;
  /** Another service: nothing of the previous one's stays (drafts are the user's and stay). */
  reset(): void;
  loadDeal(dealId: string, refresh?: boolean): Promise<void>;
  setQuery(query: string): void;
  editDraft(dealId: string, patch: Partial<Draft>): void;
  /** Validates and starts; returns the new run's id. */
  startRun(dealId: string): Promise<string | undefined>;
}

/** Starts a run (the runs store's `start`): resolves to its id, throws a RequestError. */
export type StartRun = (input: {
  agentId: string;
  message: string;
  dealId: string;
}) => Promise<{ runId: string }>;

export interface DealsDeps {
  call: Call;
  startRun: StartRun;
}

type SetState = StoreApi<DealsState>['setState'];
type GetState = StoreApi<DealsState>['getState'];

const EMPTY_DRAFT: Draft = { agentId: '', message: '' };

export function draftFor(state: Pick<DealsState, 'drafts' | 'lastAgentId'>, dealId: string): Draft {
  return state.drafts[dealId] ?? { ...EMPTY_DRAFT, agentId: state.lastAgentId };
}

/**
 * Which answer may still land: each load takes a number, and only the latest one's answer is
 * kept; a reset outdates every load under way.
 */
function sequences() {
  const seqs = { list: 0, rest: 0 };
  const deals = new Map<string, number>();
  return {
    next: (kind: 'list' | 'rest') => ++seqs[kind],
    isLatest: (kind: 'list' | 'rest', seq: number) => seq === seqs[kind],
    nextDeal(dealId: string): number {
      const seq = (deals.get(dealId) ?? 0) + 1;
      deals.set(dealId, seq);
      return seq;
    },
    isLatestDeal: (dealId: string, seq: number) => deals.get(dealId) === seq,
    outdateAll(): void {
      seqs.list += 1;
      seqs.rest += 1;
      for (const [id, n] of deals) deals.set(id, n + 1);
    },
  };
}
type Sequences = ReturnType<typeof sequences>;

/** The picker's list, the search past it, and the deals opened. */
function dealBook(call: Call, seqs: Sequences, set: SetState, get: GetState) {
  return {
    async loadList(refresh = false) {
      const seq = seqs.next('list');
      set({ list: loadingFrom(get().list) });
      try {
        const out = await call('deals.list', refresh ? { refresh } : {});
        if (!seqs.isLatest('list', seq)) return;
        const list: Loadable<Deal[]> = {
          value: out.value,
          loading: false,
          fetchedAt: out.fetchedAt,
          stale: out.stale,
          ...(out.error ? { error: out.error } : {}),
        };
        const total = out.total === undefined ? {} : { total: out.total };
        set({ list, book: { truncated: out.truncated ?? false, ...total } });
      } catch (error) {
        if (seqs.isLatest('list', seq))
          set({ list: { ...get().list, loading: false, error: toErrorData(error) } });
      }
    },

    async searchRest(query: string) {
      const seq = seqs.next('rest');
      const text = query.trim();
      if (text === '' || !get().book.truncated) {
        set({ rest: undefined });
        return;
      }
      set({ rest: { query: text, loading: true } });
      try {
        const out = await call('deals.list', { search: text });
        if (!seqs.isLatest('rest', seq)) return;
        const searchedBy = out.searchedBy ? { searchedBy: out.searchedBy } : {};
        set({ rest: { query: text, loading: false, items: out.value, ...searchedBy } });
      } catch (error) {
        if (seqs.isLatest('rest', seq))
          set({ rest: { query: text, loading: false, error: toErrorData(error) } });
      }
    },

    async loadDeal(dealId: string, refresh = false) {
      const seq = seqs.nextDeal(dealId);
      set((s) => ({ details: { ...s.details, [dealId]: loadingFrom(s.details[dealId]) } }));
      const input = refresh ? { dealId, refresh } : { dealId };
      const next = await readCached(call, 'deals.get', input, get().details[dealId]);
      if (seqs.isLatestDeal(dealId, seq))
        set((s) => ({ details: { ...s.details, [dealId]: next } }));
    },
  };
}

/** The Ask form: drafts per deal, their validation, and starting a run from one. */
function asking({ startRun }: DealsDeps, set: SetState, get: GetState) {
  const remember = (agentId: string | undefined) => {
    if (agentId === undefined || agentId === '' || agentId === get().lastAgentId) return;
    set({ lastAgentId: agentId });
  };
  return {
    rememberAgent: remember,
    editDraft(dealId: string, patch: Partial<Draft>) {
      remember(patch.agentId);
      set((s) => {
        const current = draftFor(s, dealId);
        const start = s.starts[dealId];
        const invalid = start?.invalid ? { ...start.invalid } : undefined;
        if (invalid && patch.agentId !== undefined) delete invalid.agent;
        if (invalid && patch.message !== undefined && patch.message.trim() !== '') {
          delete invalid.message;
        }
        return {
          drafts: { ...s.drafts, [dealId]: { ...current, ...patch } },
          starts: start ? { ...s.starts, [dealId]: { ...start, invalid } } : s.starts,
        };
      });
    },

    async startRun(dealId: string) {
      const draft = draftFor(get(), dealId);
      const invalid: NonNullable<StartState['invalid']> = {};
      if (draft.agentId === '') invalid.agent = 'deals.ask.chooseAgent';
      if (draft.message.trim() === '') invalid.message = 'deals.ask.messageRequired';
      const setStart = (start: StartState) =>
        set((s) => ({ starts: { ...s.starts, [dealId]: start } }));
      if (invalid.agent !== undefined || invalid.message !== undefined) {
        setStart({ pending: false, invalid });
        return undefined;
      }
      setStart({ pending: true });
      try {
        const run = await startRun({
          agentId: draft.agentId,
          message: draft.message.trim(),
          dealId,
        });
        // The question now shows with its run; the agent stays chosen for the next one.
        set((s) => ({
          starts: { ...s.starts, [dealId]: { pending: false } },
          drafts: { ...s.drafts, [dealId]: { agentId: draft.agentId, message: '' } },
        }));
        return run.runId;
      } catch (error) {
        setStart({ pending: false, error: toErrorData(error) });
        return undefined;
      }
    },
  };
}

export function createDealsStore(deps: DealsDeps) {
  const seqs = sequences();
  return create<DealsState>((set, get) => ({
    list: idle(),
    book: { truncated: false },
    details: {},
    query: '',
    view: { sort: 'close', stage: '' },
    setView: (patch) => set((s) => ({ view: { ...s.view, ...patch } })),
    drafts: {},
    starts: {},
    lastAgentId: '',
    ...dealBook(deps.call, seqs, set, get),
    ...asking(deps, set, get),
    setQuery: (query) => set({ query }),
    reset() {
      seqs.outdateAll();
      set({ list: idle(), book: { truncated: false }, rest: undefined, details: {} });
    },
  }));
}
