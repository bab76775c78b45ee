// Deals, agents and the Ask form's drafts. Drafts are kept per deal in memory for the whole
// session (never in web storage): a failed start, a sign-in or a trip to another screen loses
// nothing the user typed.
import { create } from 'zustand';
import type { Agent, Deal, ErrorData } from '../../../electron/contract';
import { isUnauthorized, toErrorData } from '../../app/api';
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

interface DealsState {
  list: Loadable<Deal[]>;
  details: Record<string, Loadable<Deal> | undefined>;
  agents: Loadable<Agent[]>;
  query: string;
  drafts: Record<string, Draft | undefined>;
  starts: Record<string, StartState | undefined>;
  /** The agent chosen last, offered first on the next deal. */
  lastAgentId: string;
  loadList(refresh?: boolean): Promise<void>;
  loadDeal(dealId: string, refresh?: boolean): Promise<void>;
  loadAgents(refresh?: boolean): Promise<void>;
  setQuery(query: string): void;
  editDraft(dealId: string, patch: Partial<Draft>): void;
  /** Validates and starts; returns the new run's id. */
  startRun(dealId: string): Promise<string | undefined>;
}

const EMPTY_DRAFT: Draft = { agentId: '', message: '' };
let listSeq = 0;
let agentsSeq = 0;
const dealSeqs = new Map<string, number>();

export const useDeals = create<DealsState>((set, get) => ({
  list: idle(),
  details: {},
  agents: idle(),
  query: '',
  drafts: {},
  starts: {},
  lastAgentId: '',

  async loadList(refresh = false) {
    const seq = ++listSeq;
    set({ list: loadingFrom(get().list) });
    const next = await readCached('deals.list', refresh ? { refresh } : {}, get().list);
    if (seq === listSeq) set({ list: next });
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
