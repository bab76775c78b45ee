// Ask an agent about the deal: the agent (the one asked last is chosen again), the question, the
// quota warnings the desktop app shows before asking; Ctrl+Enter or ⌘+Enter asks.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../src/ui/Button';
import { useT } from '../../../src/platform/i18n';
import { useActions, usePanel } from './context';
import { ErrorText } from './ErrorText';

export function AskForm() {
  const t = useT();
  const actions = useActions();
  const agents = usePanel((s) => s.agents);
  const agentId = usePanel((s) => s.agentId);
  const warnings = usePanel((s) => s.warnings);
  const askError = usePanel((s) => s.askError);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { agent: useId(), message: useId(), hint: useId() };
  const exhausted = warnings.some((w) => w.level === 'exhausted');
  const canAsk = agentId !== undefined && message.trim() !== '' && !busy && !exhausted;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canAsk) return;
    setBusy(true);
    await actions.ask(message);
    setBusy(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
  };

  return (
    <form className="panel-ask" onSubmit={(event) => void submit(event)}>
      <h2>{t('panel.ask.heading')}</h2>
      <label htmlFor={ids.agent}>{t('panel.ask.agent')}</label>
      <select
        id={ids.agent}
        value={agentId ?? ''}
        onChange={(event) => actions.chooseAgent(event.target.value)}
        disabled={agents.length === 0}
      >
        {agents.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.title}
          </option>
        ))}
      </select>
      <label htmlFor={ids.message}>{t('panel.ask.message')}</label>
      <textarea
        id={ids.message}
        rows={3}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={ids.hint}
      />
      <p id={ids.hint} className="panel-hint">
        {t('panel.ask.shortcut')}
      </p>
      {warnings.map((warning) => (
        <p key={warning.message} className={`panel-warning panel-warning-${warning.level}`}>
          {warning.message}
        </p>
      ))}
      {askError ? <ErrorText error={askError} /> : null}
      <Button type="submit" variant="primary" disabled={!canAsk} busy={busy}>
        {t('panel.ask.submit')}
      </Button>
    </form>
  );
}
