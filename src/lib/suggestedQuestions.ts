// The questions a salesperson most often asks about a deal, fitting its stage, each with the kind
// of agent that answers it best (found among the service's agents by the words of their names and
// descriptions, since every service names its agents its own way).

export interface SuggestedQuestion {
  /** The chip's words. */
  label: string;
  /** What fills the message. */
  message: string;
  /** Words an agent fit for it has in its id, name or description, the best first. */
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

const PREP: SuggestedQuestion = {
  label: 'Prep my next call',
  message:
    'Prepare me for my next call on this deal: who will be there, what they care about, what to ask and what to avoid.',
  agentWords: ['brief', 'prep', 'coach'],
};
const FOLLOW_UP: SuggestedQuestion = {
  label: 'Draft the follow-up email',
  message: 'Draft a short follow-up email after our last conversation, with a clear next step.',
  agentWords: ['email', 'writer', 'follow'],
};
const RISKS: SuggestedQuestion = {
  label: 'What are the risks?',
  message: 'What are the risks in this deal, and what should I do about each this week?',
  agentWords: ['coach', 'risk', 'forecast'],
};

const BY_PHASE: Record<Phase, SuggestedQuestion> = {
  early: {
    label: 'Who else should I involve?',
    message: 'Who else at the account should I involve to move this deal forward, and how?',
    agentWords: ['account', 'brief', 'stakeholder', 'coach'],
  },
  late: {
    label: 'How do I answer on price?',
    message: 'They will push back on price. How do I answer without giving the discount away?',
    agentWords: ['objection', 'negotiat', 'coach'],
  },
  won: {
    label: 'Plan the kick-off',
    message: 'Plan the kick-off with the customer: who to invite, the agenda and the first goals.',
    agentWords: ['coach', 'brief', 'onboard'],
  },
  lost: {
    label: 'What can we learn from this loss?',
    message: 'Why did we lose this deal, and what should we do differently next time?',
    agentWords: ['coach', 'competitor', 'forecast'],
  },
};

/** Three or four questions for a deal at `stage` (as the CRM names it). */
export function suggestedQuestions(stage: string | undefined): SuggestedQuestion[] {
  const phase = phaseOf(stage);
  if (phase === 'won' || phase === 'lost') return [BY_PHASE[phase], FOLLOW_UP];
  return [PREP, FOLLOW_UP, RISKS, BY_PHASE[phase]];
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
