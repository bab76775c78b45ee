// The agents a run can start. Ids are `<namespace>.<agent_name>` as the API document requires.

export interface Agent {
  id: string;
  namespace: string;
  name: string;
  description: string;
  /** A message that shows what the agent is good at; clients may offer it as a suggestion. */
  examplePrompt: string;
}

export const AGENTS: readonly Agent[] = [
  {
    id: 'sales.deal_coach',
    namespace: 'sales',
    name: 'Deal coach',
    description:
      'Reviews a deal and suggests how to move it to the next stage: risks, stakeholders and next steps.',
    examplePrompt: 'What should I do this week to get this deal to signature?',
  },
  {
    id: 'sales.email_writer',
    namespace: 'sales',
    name: 'Email writer',
    description: 'Drafts a follow-up email to the deal’s contacts in a tone you choose.',
    examplePrompt: 'Write a short follow-up after yesterday’s demo.',
  },
  {
    id: 'sales.objection_handler',
    namespace: 'sales',
    name: 'Objection handler',
    description: 'Prepares answers to the objections you are likely to hear in the next call.',
    examplePrompt: 'They say we are 20% more expensive than the competition. How do I answer?',
  },
  {
    id: 'research.account_brief',
    namespace: 'research',
    name: 'Account brief',
    description: 'Summarises the account: who they are, who is involved, what happened so far.',
    examplePrompt: 'Give me a one-page brief before my call.',
  },
  {
    id: 'research.competitor_scan',
    namespace: 'research',
    name: 'Competitor scan',
    description: 'Compares us with the competitors in the deal and suggests how to position.',
    examplePrompt: 'Which competitors are in this deal and how do we win?',
  },
  {
    id: 'ops.forecast_check',
    namespace: 'ops',
    name: 'Forecast check',
    description: 'Checks the deal’s forecast category, close date and amount against its activity.',
    examplePrompt: 'Is this deal’s close date realistic?',
  },
];

export function findAgent(id: string): Agent | undefined {
  return AGENTS.find((agent) => agent.id === id);
}
