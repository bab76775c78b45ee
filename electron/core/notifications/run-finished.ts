// Run finished: one notification per run, only while the window is not focused (a focused user
// already sees it), saying which agent, on which deal, and how it ended.
import type { RuleContext } from './context';
import { clip, type NotificationDecision } from './decision';

export interface FinishedRun {
  runId: string;
  /** The status as the service reported it; values beyond `created` are not documented. */
  status: string;
  agentId: string;
  /** A display name for the agent, when the host knows one. */
  agentName?: string;
  dealId?: string;
  dealName?: string;
}

export type RunOutcome = 'succeeded' | 'failed' | 'cancelled' | 'other';

/** Status words read as an outcome; any other status is shown as it came. */
export const RUN_OUTCOME_BY_STATUS: Readonly<Record<string, Exclude<RunOutcome, 'other'>>> = {
  succeeded: 'succeeded',
  success: 'succeeded',
  completed: 'succeeded',
  complete: 'succeeded',
  done: 'succeeded',
  finished: 'succeeded',
  failed: 'failed',
  failure: 'failed',
  error: 'failed',
  errored: 'failed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  aborted: 'cancelled',
};

export function runOutcome(status: string): RunOutcome {
  return RUN_OUTCOME_BY_STATUS[status.trim().toLowerCase()] ?? 'other';
}

export function runKey(runId: string): string {
  return `run-finished:${runId}`;
}

export function runFinishedDecision(
  context: RuleContext,
  run: FinishedRun,
): NotificationDecision | undefined {
  if (!context.settings.enabled['run-finished']) return undefined;
  const agent = run.agentName ?? run.agentId;
  const outcome = runOutcome(run.status);
  const title = {
    succeeded: `${agent} finished`,
    failed: `${agent} failed`,
    cancelled: `${agent} was cancelled`,
    other: `${agent} ended: ${run.status}`,
  }[outcome];
  const deal = run.dealName ?? run.dealId;
  return {
    kind: 'run-finished',
    key: runKey(run.runId),
    title: clip(title, 80),
    body: clip(`${deal === undefined ? 'No deal' : `Deal: ${deal}`} · Status: ${run.status}`),
    target: { screen: 'run', runId: run.runId },
  };
}
