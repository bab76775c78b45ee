// What the panel shows, in one store: the connection, the tab's deal, the agents, the answer being
// asked and the deal's earlier runs. ./actions changes it through the bridge; components read it.
import { create } from 'zustand';
import type { Agent, Deal, ErrorData, RunRecord } from '../../../electron/contract';
import type { MeetingInfo } from '../../../electron/domain/briefings/meetings';
import type { RunQuotaWarning } from '../../../src/lib/usage';
import type { RunOutput } from '../../../src/features/runs/output';
import type { DealAddress } from '../deal-address';
import type { ConnectionState } from '../bridge/states';

export type Lookup =
  | { status: 'no-deal' }
  | { status: 'looking' }
  | { status: 'found'; deal: Deal }
  | { status: 'missing' }
  | { status: 'failed'; error: ErrorData };

export interface Asked {
  runId: string;
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
