// What the panel shows, in one store: the connection, the tab's deal, the agents, the answer being
// asked and the deal's earlier runs. ./actions changes it through the bridge; components read it.
import { create } from 'zustand';
import type { Agent, Deal, ErrorData, RunRecord } from '../../../electron/contract';
import type { MeetingInfo } from '../../../electron/domain/briefings/meetings';
import type { RunQuotaWarning } from '../../../src/lib/usage';
import type { RunOutput } from '../../../src/lib/runOutput';
import type { DealAddress } from '../deal-address';
import type { ConnectionState } from '../bridge/states';

/** A deal found for the tab's address, and how: the panel says when it was by name. */
export interface FoundFor {
  deal: Deal;
  /** The address it was found for: asking files the question only while the tab still shows it. */
  address: DealAddress;
  matchedBy: 'record-id' | 'title';
  /** The first deal of this CRM the panel shows from this host: it says so once. */
  firstFromHost: boolean;
}

export type Lookup =
  | { status: 'no-deal' }
  | { status: 'looking' }
  | ({ status: 'found' } & FoundFor)
  /**
   * Found, but on a host of this CRM the user has not been shown deals from, while others are
   * known: held back until the user says this host is their company's too.
   */
  | ({ status: 'other-host'; knownHosts: string[] } & FoundFor)
  | { status: 'missing' }
  | { status: 'failed'; error: ErrorData }
  /** What the tab shows could not be read (a message that failed its schema, a failed read). */
  | { status: 'unreadable' };

export interface Asked {
  runId: string;
  /** Asked from this panel (not an earlier run opened from the list): only then can it cancel. */
  startedHere: boolean;
  agentId: string;
  message: string;
  output: RunOutput;
  status: string;
  done: boolean;
  error: ErrorData | undefined;
}

export interface PanelState {
  connection: ConnectionState;
  tabId: number;
  address: DealAddress | null;
  title: string | undefined;
  lookup: Lookup;
  agents: Agent[];
  agentId: string | undefined;
  warnings: RunQuotaWarning[];
  asked: Asked | null;
  /** A run could not be started, or the ask failed before it had a run. */
  askError: ErrorData | undefined;
  runs: RunRecord[];
  /** The deal's next meeting, when the service's meeting briefing is about this deal. */
  meeting: MeetingInfo | null;
}

export const usePanel = create<PanelState>(() => ({
  connection: { kind: 'connecting' },
  tabId: -1,
  address: null,
  title: undefined,
  lookup: { status: 'no-deal' },
  agents: [],
  agentId: undefined,
  warnings: [],
  asked: null,
  askError: undefined,
  runs: [],
  meeting: null,
}));
