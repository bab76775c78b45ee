// The questions a salesperson most often asks about a deal, fitting its stage, each with the kind
// of agent that answers it best (found among the service's agents by the words of their names and
// descriptions, since every service names its agents its own way). The question is sent as the
// salesperson's own message, so it is written in the language they use the app in.
import type { MessageId } from '../../electron/domain/i18n/messages';
import type { Translator } from '../../electron/domain/i18n/translator';

export interface SuggestedQuestion {
  /** The chip's words. */
  label: string;
  /** What fills the message. */
  message: string;
  /** Words an agent fit for it has in its id, name or description, the best first. */
  agentWords: readonly string[];
}

/** A question before it is put in words: its messages. */
interface QuestionIds {
  label: MessageId;
  message: MessageId;
  agentWords: readonly string[];
}

export interface AgentLike {
  id: string;
  title: string;
  subtitle?: string | undefined;
}

type Phase = 'early' | 'late' | 'won' | 'lost';

function phaseOf(stage: string | undefined): Phase {
  const s = (stage ?? '').toLowerCase();
  if (/lost/.test(s)) return 'lost';
  if (/won|closed/.test(s)) return 'won';
  if (/propos|quot|negotiat|contract|commit|decision/.test(s)) return 'late';
  return 'early';
}

const PREP: QuestionIds = {
  label: 'deals.suggested.prepLabel',
  message: 'deals.suggested.prepMessage',
  agentWords: ['brief', 'prep', 'coach'],
};
const FOLLOW_UP: QuestionIds = {
  label: 'deals.suggested.followUpLabel',
  message: 'deals.suggested.followUpMessage',
  agentWords: ['email', 'writer', 'follow'],
};
const RISKS: QuestionIds = {
  label: 'deals.suggested.risksLabel',
  message: 'deals.suggested.risksMessage',
  agentWords: ['coach', 'risk', 'forecast'],
};

const BY_PHASE: Record<Phase, QuestionIds> = {
  early: {
    label: 'deals.suggested.involveLabel',
    message: 'deals.suggested.involveMessage',
    agentWords: ['account', 'brief', 'stakeholder', 'coach'],
  },
  late: {
    label: 'deals.suggested.priceLabel',
    message: 'deals.suggested.priceMessage',
    agentWords: ['objection', 'negotiat', 'coach'],
  },
  won: {
    label: 'deals.suggested.kickOffLabel',
    message: 'deals.suggested.kickOffMessage',
    agentWords: ['coach', 'brief', 'onboard'],
  },
  lost: {
    label: 'deals.suggested.lossLabel',
    message: 'deals.suggested.lossMessage',
    agentWords: ['coach', 'competitor', 'forecast'],
  },
};

/** Three or four questions for a deal at `stage` (as the CRM names it), in the language in use. */
export function suggestedQuestions(
  stage: string | undefined,
  t: Translator['t'],
): SuggestedQuestion[] {
  const phase = phaseOf(stage);
  const chosen =
    phase === 'won' || phase === 'lost'
      ? [BY_PHASE[phase], FOLLOW_UP]
      : [PREP, FOLLOW_UP, RISKS, BY_PHASE[phase]];
  return chosen.map((q) => ({
    label: t(q.label),
    message: t(q.message),
    agentWords: q.agentWords,
  }));
}

/** The agent fit for `question`: the first of its words found in an agent, else none. */
export function fittingAgent<A extends AgentLike>(
  question: SuggestedQuestion,
  agents: readonly A[],
): A | undefined {
  for (const word of question.agentWords) {
    const found = agents.find((agent) =>
      `${agent.id} ${agent.title} ${agent.subtitle ?? ''}`.toLowerCase().includes(word),
    );
    if (found) return found;
  }
  return undefined;
}
