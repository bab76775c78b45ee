// The Ask form's agent: a choice among the service's agents, the chosen one's description, and
// a Retry when the agents could not be loaded. An agent chosen earlier that the list no longer
// holds stays selectable by its id rather than silently switching.
import type { RefObject } from 'react';
import type { Agent } from '../../../electron/contract';
import type { Loadable } from '../../platform/loadable';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useAgents } from '../agents';
import { useT } from '../../platform/i18n';

interface AgentFieldProps {
  selectRef?: RefObject<HTMLSelectElement | null>;
  agentId: string;
  agents: Loadable<Agent[]>;
  error: string | undefined;
  onChange: (agentId: string) => void;
}

export function AgentField({ selectRef, agentId, agents, error, onChange }: AgentFieldProps) {
  const t = useT();
  const chosen = agents.value?.find((a) => a.id === agentId);
  const hint = (
    <>
      {chosen?.subtitle ?? (agents.error ? `${agents.error.message} ` : t('deals.ask.agentHint'))}
      {agents.error && !agents.value ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void useAgents.getState().loadAgents(true)}
        >
          {t('deals.ask.retryAgents')}
        </Button>
      ) : null}
    </>
  );
  return (
    <Field label={t('deals.ask.agentLabel')} hint={hint} error={error}>
      <select
        ref={selectRef}
        className="input"
        value={agentId}
        onChange={(e) => onChange(e.target.value)}
        disabled={!agents.value}
      >
        <option value="">
          {agents.value
            ? t('deals.ask.agentPlaceholder')
            : agents.error
              ? t('deals.ask.agentsFailed')
              : t('deals.ask.agentsLoading')}
        </option>
        {agents.value?.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.title}
          </option>
        ))}
        {agentId !== '' && agents.value && !chosen ? (
          <option value={agentId}>{agentId}</option>
        ) : null}
      </select>
    </Field>
  );
}
