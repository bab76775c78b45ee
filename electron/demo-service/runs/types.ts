// Run states and the records and events the API exposes.

// Its own list, not the contract's KNOWN_RUN_STATUSES: the demo service shares no code with the
// client, so a misreading of the API document is not baked into both sides.
export const RUN_STATUSES = [
  'created',
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const FINISHED_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'cancelled'];

export function isFinished(status: RunStatus): boolean {
  return FINISHED_STATUSES.includes(status);
}

export interface RunError {
  code: string;
  message: string;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

/** One event of a run's stream; `id` counts from 1 per run. */
export interface RunEvent {
  id: number;
  event: 'status' | 'delta' | 'done';
  data: Record<string, unknown>;
}

/** What the run will do, decided when it is created. */
export interface RunPlan {
  tokens: Iterator<string>;
  total: number;
  inputTokens: number;
  /** Fail after this many output tokens; null runs to completion. */
  failAfterTokens: number | null;
  /** Pace of this run only; null follows the service's pacing. */
  tokensPerSecond: number | null;
}

/** instant: as fast as the event loop allows; realtime: about 40 tokens/s; or tokens per second. */
export type Pacing = 'instant' | 'realtime' | number;

export interface RunSummaryRecord {
  runId: string;
  agentId: string;
  status: RunStatus;
  createdAt: string;
  queuedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  input: Record<string, unknown>;
  context: Record<string, unknown>;
  error: RunError | null;
  usage: Usage;
  lastEventId: number;
}

export interface RunRecord extends RunSummaryRecord {
  /** The whole output once the run has finished (whatever was produced, for failed or cancelled runs). */
  output: string | null;
  /** The output so far while the run has not finished; null afterwards. */
  partialOutput: string | null;
}
