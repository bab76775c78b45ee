// Questions that fit the deal's stage, one click from the form: a chip fills the message, and
// picks an agent fit for it when none is chosen yet.
import { useMemo } from 'react';
import type { Agent } from '../../../electron/contract';
import { fittingAgent, suggestedQuestions } from '../../lib/suggestedQuestions';
import { useT } from '../../platform/i18n';
import type { Draft } from './store';

interface SuggestedQuestionsProps {
  stage: string | undefined;
  /** The agent chosen ('' for none). */
  agentId: string;
  agents: Agent[] | undefined;
  onPick: (patch: Partial<Draft>) => void;
}

export function SuggestedQuestions({ stage, agentId, agents, onPick }: SuggestedQuestionsProps) {
  const t = useT();
  const questions = useMemo(() => suggestedQuestions(stage, t), [stage, t]);
  return (
    <div className="suggested" role="group" aria-label={t('deals.suggested.label')}>
      {questions.map((question) => (
        <button
          key={question.label}
          type="button"
          className="chip chip-button"
          onClick={() => {
            const agent = agentId === '' ? fittingAgent(question, agents ?? []) : undefined;
            onPick({ message: question.message, ...(agent ? { agentId: agent.id } : {}) });
          }}
        >
          {question.label}
        </button>
      ))}
    </div>
  );
}
