// Run finished: one notification per run, only while the window is not focused (a focused user
// already sees it), naming the question it answers, the agent, the deal and how it ended; never
// for a run the user has just cancelled in this app. Answers to the same question share a group.
import type { NotificationLine, NotificationMessage, NotificationValue } from '../../contract';
import { coreWords } from '../i18n/words';
import type { MessageId } from '../../domain/i18n/messages';
import type { RuleContext } from './context';
import { agentLabel } from '../../domain/runs/agent-label';
import { statusWordMessage } from '../../domain/runs/status-words';
import { clip, noticeWords, type NotificationDecision } from './decision';
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

function shortQuestion(question: string | undefined): string | undefined {
  return question === undefined || question.trim() === ''
    ? undefined
    : clip(question, QUESTION_CHARS);
}

/** "Objection handler answered “How do I handle the price objection…”", by outcome. */
function titleFor(
  agent: string,
  outcome: RunOutcome,
  status: string,
  asked?: string,
): NotificationMessage {
  const question: Record<string, string> = asked === undefined ? {} : { question: asked };
  const id = (plain: MessageId, withQuestion: MessageId) =>
    asked === undefined ? plain : withQuestion;
  switch (outcome) {
    case 'succeeded':
      return {
        id: id('desktop.notification.runAnswered', 'desktop.notification.runAnsweredQuestion'),
        values: { agent, ...question },
      };
    case 'failed':
      return {
        id: id('desktop.notification.runFailed', 'desktop.notification.runCouldNotAnswer'),
        values: { agent, ...question },
      };
    case 'cancelled':
      return {
        id: id('desktop.notification.runStopped', 'desktop.notification.runStoppedQuestion'),
        values: { agent, ...question },
      };
    case 'other':
      return {
        id: id('desktop.notification.runOther', 'desktop.notification.runOtherQuestion'),
        values: { agent, status: statusWordMessage(status), ...question },
      };
  }
}

export function runFinishedDecision(
  context: RuleContext,
  run: FinishedRun,
): NotificationDecision | undefined {
  if (!context.settings.enabled['run-finished']) return undefined;
  // The user stopped it here a moment ago: telling them would be noise.
  if (run.cancelledHere === true) return undefined;
  const translator = context.translator ?? coreWords();
  const agent = run.agentName ?? agentLabel(translator.t, run.agentId);
  const outcome = runOutcome(run.status);
  const word = statusWordMessage(outcome === 'other' ? run.status : outcome);
  const line: NotificationValue =
    outcome === 'failed' && run.reason
      ? { id: 'desktop.notification.runFailedReason', values: { status: word, reason: run.reason } }
      : word;
  const asked = shortQuestion(run.question);
  const body: NotificationLine =
    run.dealName === undefined
      ? typeof line === 'string'
        ? { text: line }
        : line
      : { id: 'desktop.notification.onDeal', values: { deal: run.dealName, line } };
  return {
    kind: 'run-finished',
    key: runKey(run.runId),
    ...noticeWords(translator, {
      title: titleFor(agent, outcome, run.status, asked),
      body: [body],
    }),
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
