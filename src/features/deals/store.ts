// Deals, agents and the Ask form's drafts. Drafts are kept per deal in memory for the whole
// session (never in web storage): a failed start, a sign-in or a trip to another screen loses
// nothing the user typed.
import { create } from 'zustand';
import type { Agent, Deal, DealsList, ErrorData } from '../../../electron/contract';
import { call, isUnauthorized, toErrorData } from '../../app/api';
import { idle, loadingFrom, readCached } from '../../app/loadable';
import type { Loadable } from '../../app/loadable';
import { useRuns } from '../runs/store';

export interface Draft {
  agentId: string;
  message: string;
}

export interface StartState {
  pending: boolean;
  error?: ErrorData;
  /** Validation messages by field, shown next to the field. */
  invalid?: { agent?: string; message?: string };
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

interface DealsState {
  list: Loadable<Deal[]>;
  book: DealBookInfo;
  rest?: RestSearch;
  details: Record<string, Loadable<Deal> | undefined>;
  agents: Loadable<Agent[]>;
  query: string;
  drafts: Record<string, Draft | undefined>;
  starts: Record<string, StartState | undefined>;
  /** The agent chosen last, offered first on the next deal. */
  lastAgentId: string;
  loadList(refresh?: boolean): Promise<void>;
  /** Searches the deals the picker does not hold (only when it holds part of them). */
  searchRest(query: string): Promise<void>;
  /** Another service: nothing of the previous one's stays (drafts are the user's and stay). */
  reset(): void;
  loadDeal(dealId: string, refresh?: boolean): Promise<void>;
  loadAgents(refresh?: boolean): Promise<void>;
  setQuery(query: string): void;
  editDraft(dealId: string, patch: Partial<Draft>): void;
  /** Validates and starts; returns the new run's id. */
  startRun(dealId: string): Promise<string | undefined>;
}

const EMPTY_DRAFT: Draft = { agentId: '', message: '' };
let listSeq = 0;
let restSeq = 0;
let agentsSeq = 0;
const dealSeqs = new Map<string, number>();

export const useDeals = create<DealsState>((set, get) => ({
  list: idle(),
  book: { truncated: false },
  details: {},
  agents: idle(),
  query: '',
  drafts: {},
  starts: {},
  lastAgentId: '',

  async loadList(refresh = false) {
    const seq = ++listSeq;
    set({ list: loadingFrom(get().list) });
    try {
      const out = await call('deals.list', refresh ? { refresh } : {});
      if (seq !== listSeq) return;
      const list: Loadable<Deal[]> = {
        value: out.value,
        loading: false,
        fetchedAt: out.fetchedAt,
        stale: out.stale,
        ...(out.error ? { error: out.error } : {}),
      };
      set({
        list,
        book: {
          truncated: out.truncated ?? false,
          ...(out.total === undefined ? {} : { total: out.total }),
        },
      });
    } catch (error) {
      if (seq === listSeq)
        set({ list: { ...get().list, loading: false, error: toErrorData(error) } });
    }
  },

  async searchRest(query) {
    const seq = ++restSeq;
    const text = query.trim();
    if (text === '' || !get().book.truncated) {
      set({ rest: undefined });
      return;
    }
    set({ rest: { query: text, loading: true } });
    try {
      const out = await call('deals.list', { search: text });
      if (seq !== restSeq) return;
      set({
        rest: {
          query: text,
          loading: false,
          items: out.value,
          ...(out.searchedBy ? { searchedBy: out.searchedBy } : {}),
        },
      });
    } catch (error) {
      if (seq === restSeq)
        set({ rest: { query: text, loading: false, error: toErrorData(error) } });
    }
  },

  reset() {
    listSeq += 1;
    restSeq += 1;
    agentsSeq += 1;
    for (const [id, n] of dealSeqs) dealSeqs.set(id, n + 1);
    set({ list: idle(), book: { truncated: false }, rest: undefined, details: {}, agents: idle() });
  },

  async loadDeal(dealId, refresh = false) {
    const seq = (dealSeqs.get(dealId) ?? 0) + 1;
    dealSeqs.set(dealId, seq);
    set((s) => ({ details: { ...s.details, [dealId]: loadingFrom(s.details[dealId]) } }));
    const input = refresh ? { dealId, refresh } : { dealId };
    const next = await readCached('deals.get', input, get().details[dealId]);
    if (dealSeqs.get(dealId) === seq) set((s) => ({ details: { ...s.details, [dealId]: next } }));
  },

  async loadAgents(refresh = false) {
    const seq = ++agentsSeq;
    set({ agents: loadingFrom(get().agents) });
    const next = await readCached('agents.list', refresh ? { refresh } : {}, get().agents);
    if (seq === agentsSeq) set({ agents: next });
  },

  setQuery(query) {
    set({ query });
  },

  editDraft(dealId, patch) {
    set((s) => {
      const current = s.drafts[dealId] ?? { ...EMPTY_DRAFT, agentId: s.lastAgentId };
      const start = s.starts[dealId];
      const invalid = start?.invalid ? { ...start.invalid } : undefined;
      if (invalid && patch.agentId !== undefined) delete invalid.agent;
      if (invalid && patch.message !== undefined && patch.message.trim() !== '') {
        delete invalid.message;
      }
      return {
        drafts: { ...s.drafts, [dealId]: { ...current, ...patch } },
        starts: start ? { ...s.starts, [dealId]: { ...start, invalid } } : s.starts,
        lastAgentId: patch.agentId ?? s.lastAgentId,
      };
    });
  },

  async startRun(dealId) {
    const draft = get().drafts[dealId] ?? { ...EMPTY_DRAFT, agentId: get().lastAgentId };
    const invalid: { agent?: string; message?: string } = {};
    if (draft.agentId === '') invalid.agent = 'Choose an agent.';
    if (draft.message.trim() === '') invalid.message = 'Type a message for the agent.';
    if (invalid.agent !== undefined || invalid.message !== undefined) {
      set((s) => ({ starts: { ...s.starts, [dealId]: { pending: false, invalid } } }));
      return undefined;
    }
    set((s) => ({ starts: { ...s.starts, [dealId]: { pending: true } } }));
    try {
      const run = await useRuns.getState().start({
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
      const data = toErrorData(error);
      set((s) => ({ starts: { ...s.starts, [dealId]: { pending: false, error: data } } }));
      return undefined;
    }
  },
}));

export function draftFor(state: Pick<DealsState, 'drafts' | 'lastAgentId'>, dealId: string): Draft {
  return state.drafts[dealId] ?? { ...EMPTY_DRAFT, agentId: state.lastAgentId };
}

export function startNeedsSignIn(start: StartState | undefined): boolean {
  return start?.error !== undefined && isUnauthorized(start.error);
}
