// Run finished: one notification per run, only while the window is not focused (a focused user
// already sees it), naming the question it answers, the agent, the deal and how it ended; never
// for a run the user has just cancelled in this app. Answers to the same question share a group.
import { coreWords } from '../i18n/words';
import type { Translator } from '../../domain/i18n/translator';
import type { RuleContext } from './context';
import { agentLabel } from '../../domain/runs/agent-label';
import { statusWord } from '../../domain/runs/status-words';
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
  t: Translator['t'],
  agent: string,
  outcome: RunOutcome,
  status: string,
  asked?: string,
): string {
  switch (outcome) {
    case 'succeeded':
      return asked === undefined
        ? t('desktop.notification.runAnswered', { agent })
        : t('desktop.notification.runAnsweredQuestion', { agent, question: asked });
    case 'failed':
      return asked === undefined
        ? t('desktop.notification.runFailed', { agent })
        : t('desktop.notification.runCouldNotAnswer', { agent, question: asked });
    case 'cancelled':
      return asked === undefined
        ? t('desktop.notification.runStopped', { agent })
        : t('desktop.notification.runStoppedQuestion', { agent, question: asked });
    case 'other': {
      const word = statusWord(t, status);
      return asked === undefined
        ? t('desktop.notification.runOther', { agent, status: word })
        : t('desktop.notification.runOtherQuestion', { agent, status: word, question: asked });
    }
  }
}

export function runFinishedDecision(
  context: RuleContext,
  run: FinishedRun,
): NotificationDecision | undefined {
  if (!context.settings.enabled['run-finished']) return undefined;
  // The user stopped it here a moment ago: telling them would be noise.
  if (run.cancelledHere === true) return undefined;
  const { t } = context.translator ?? coreWords();
  const agent = run.agentName ?? agentLabel(t, run.agentId);
  const outcome = runOutcome(run.status);
  const word = outcome === 'other' ? statusWord(t, run.status) : statusWord(t, outcome);
  const line =
    outcome === 'failed' && run.reason
      ? t('desktop.notification.runFailedReason', { status: word, reason: run.reason })
      : word;
  const asked = shortQuestion(run.question);
  return {
    kind: 'run-finished',
    key: runKey(run.runId),
    title: clip(titleFor(t, agent, outcome, run.status, asked), 80),
    body: clip(
      run.dealName === undefined
        ? line
        : t('desktop.notification.onDeal', { deal: run.dealName, line }),
    ),
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
