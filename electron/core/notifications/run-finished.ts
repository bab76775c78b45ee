// Run finished: one notification per run, only while the window is not focused (a focused user
// already sees it), naming the question it answers, the agent, the deal and how it ended; never
// for a run the user has just cancelled in this app. Answers to the same question share a group.
import type { RuleContext } from './context';
import { agentLabel } from '../../domain/runs/agent-label';
import { statusWord } from '../../domain/runs/status-words';
import { clip, type NotificationDecision } from './decision';
import { CATALOGUES } from '../../domain/i18n/catalogues';
import { createTranslator } from '../../domain/i18n/translator';

// English until core holds a translator that follows the language setting (its notifications'
// words are being translated apart from the runs' status words and agent labels).
const { t } = createTranslator({
  language: 'en',
  messages: CATALOGUES.en,
  fallback: CATALOGUES.en,
});

export interface FinishedRun {
  runId: string;
  /** The status as the service reported it; values beyond `created` are not documented. */
  status: string;
  agentId: string;
  /** A display name for the agent, when the host knows one. */
  agentName?: string;
  dealId?: string;
  dealName?: string;
  /** The question it answers, when the host knows it. */
  question?: string;
  /** Why it failed, in the service's words. */
  reason?: string;
  /** The user cancelled it in this app: nothing to tell them. */
  cancelledHere?: boolean;
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

/** Room for the question inside a title of at most 80 characters. */
const QUESTION_CHARS = 48;

function quoted(question: string | undefined): string {
  return question === undefined || question.trim() === ''
    ? ''
    : ` “${clip(question, QUESTION_CHARS)}”`;
}

/** "Objection handler answered “How do I handle the price objection…”", by outcome. */
function titleFor(agent: string, outcome: RunOutcome, status: string, question?: string): string {
  const asked = quoted(question);
  switch (outcome) {
    case 'succeeded':
      return `${agent} answered${asked}`;
    case 'failed':
      return asked === '' ? `${agent} failed` : `${agent} could not answer${asked}`;
    case 'cancelled':
      return `${agent} stopped${asked}`;
    case 'other':
      return `${agent}: ${statusWord(t, status)}${asked}`;
  }
}

export function runFinishedDecision(
  context: RuleContext,
  run: FinishedRun,
): NotificationDecision | undefined {
  if (!context.settings.enabled['run-finished']) return undefined;
  // The user stopped it here a moment ago: telling them would be noise.
  if (run.cancelledHere === true) return undefined;
  const agent = run.agentName ?? agentLabel(t, run.agentId);
  const outcome = runOutcome(run.status);
  const word = outcome === 'other' ? statusWord(t, run.status) : statusWord(t, outcome);
  const line = outcome === 'failed' && run.reason ? `${word}: ${run.reason}` : word;
  return {
    kind: 'run-finished',
    key: runKey(run.runId),
    title: clip(titleFor(agent, outcome, run.status, run.question), 80),
    body: clip(run.dealName === undefined ? line : `${run.dealName} · ${line}`),
    target: { screen: 'run', runId: run.runId },
    // The same question to the same agent on the same deal: one entry in the inbox.
    ...(outcome === 'succeeded'
      ? {
          group: {
            key: `answers:${run.agentId}:${run.dealId ?? ''}:${(run.question ?? '').trim()}`,
            of: agent,
          },
        }
      : {}),
  };
}
