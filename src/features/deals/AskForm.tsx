// Ask an agent about this deal: choose an agent (with its description), type a message, start.
// Validation is inline; the typed message stays in the store on any error (and across screens,
// sign-ins and reloads of the list) until a run has really started.
import { useEffect, useId } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { startSignIn } from '../../app/Banners';
import { Button } from '../../ui/Button';
import { ErrorMeta } from '../../ui/Feedback';
import { Kbd, modKey } from '../../ui/Kbd';
import { runQuotaWarning } from '../../lib/usage';
import { hasCapability, missingCapabilityReason, useAccount } from '../account/store';
import { useUsage } from '../usage/store';
import { useAgents } from '../agents';
import { draftFor, startNeedsSignIn, useDeals } from './store';

export function AskForm({
  dealId,
  onStarted,
}: {
  dealId: string;
  onStarted?: (runId: string) => void;
}) {
  // Two primitive selectors: a fresh draft object per render would loop the store subscription.
  const agentId = useDeals((s) => draftFor(s, dealId).agentId);
  const message = useDeals((s) => draftFor(s, dealId).message);
  const draft = { agentId, message };
  const start = useDeals((s) => s.starts[dealId]);
  const agents = useAgents((s) => s.agents);
  const editDraft = useDeals((s) => s.editDraft);
  const metadata = useAccount((s) => s.metadata.value);
  const usage = useUsage((s) => s.summary.value);
  const ids = useId();

  useEffect(() => {
    const s = useAgents.getState();
    if (!s.agents.value && !s.agents.loading) void s.loadAgents();
    const u = useUsage.getState();
    if (!u.summary.value && !u.summary.loading) void u.load();
  }, []);

  const runsOffered = hasCapability(metadata, 'runs');
  const chosen = agents.value?.find((a) => a.id === draft.agentId);
  const example =
    chosen && typeof chosen.data.examplePrompt === 'string' ? chosen.data.examplePrompt : undefined;
  const quota = usage ? runQuotaWarning({ used: usage.runs.count, limit: usage.runs.limit }) : null;
  const pending = start?.pending === true;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (pending) return;
    const runId = await useDeals.getState().startRun(dealId);
    if (runId !== undefined) {
      onStarted?.(runId);
      void useUsage.getState().load();
    }
  };

  const onMessageKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  if (!runsOffered) {
    return (
      <section className="card ask" aria-labelledby={`${ids}-h`}>
        <h2 id={`${ids}-h`}>Ask an agent</h2>
        <p className="muted">{missingCapabilityReason('runs')}</p>
      </section>
    );
  }

  const agentError = start?.invalid?.agent;
  const messageError = start?.invalid?.message;
  return (
    <section className="card ask" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>Ask an agent</h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div className={`field ${agentError ? 'has-error' : ''}`}>
          <label htmlFor={`${ids}-agent`} className="field-label">
            Agent
          </label>
          <select
            id={`${ids}-agent`}
            className="input"
            value={draft.agentId}
            onChange={(e) => editDraft(dealId, { agentId: e.target.value })}
            aria-invalid={agentError ? true : undefined}
            aria-describedby={`${ids}-agent-desc${agentError ? ` ${ids}-agent-err` : ''}`}
            disabled={!agents.value}
          >
            <option value="">
              {agents.value
                ? 'Choose an agent…'
                : agents.error
                  ? 'Agents could not be loaded'
                  : 'Loading agents…'}
            </option>
            {agents.value?.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.title}
              </option>
            ))}
            {draft.agentId !== '' && agents.value && !chosen ? (
              <option value={draft.agentId}>{draft.agentId}</option>
            ) : null}
          </select>
          <p id={`${ids}-agent-desc`} className="field-hint">
            {chosen?.subtitle ??
              (agents.error
                ? `${agents.error.message} `
                : 'Each agent is good at one job; its description shows here.')}
            {agents.error && !agents.value ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void useAgents.getState().loadAgents(true)}
              >
                Retry
              </Button>
            ) : null}
          </p>
          {agentError ? (
            <p id={`${ids}-agent-err`} className="field-error">
              {agentError}
            </p>
          ) : null}
        </div>
        <div className={`field ${messageError ? 'has-error' : ''}`}>
          <label htmlFor={`${ids}-msg`} className="field-label">
            Message
          </label>
          <textarea
            id={`${ids}-msg`}
            className="input textarea"
            rows={3}
            value={draft.message}
            placeholder={example ?? 'What do you want to know about this deal?'}
            onChange={(e) => editDraft(dealId, { message: e.target.value })}
            onKeyDown={onMessageKey}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? `${ids}-msg-err` : undefined}
          />
          {messageError ? (
            <p id={`${ids}-msg-err`} className="field-error">
              {messageError}
            </p>
          ) : null}
        </div>
        {quota ? (
          <p className={`quota-warning quota-${quota.level}`} role="status">
            {quota.message}
          </p>
        ) : null}
        {start?.error ? (
          <div className="form-error" role="alert">
            <p>
              <strong>The run did not start.</strong> {start.error.message} Your message is kept.
            </p>
            <ErrorMeta error={start.error} />
            <div className="form-error-actions">
              {startNeedsSignIn(start) ? (
                <Button size="sm" variant="primary" onClick={() => void startSignIn()}>
                  Sign in again
                </Button>
              ) : null}
              <Button size="sm" onClick={() => void submit()}>
                Retry
              </Button>
            </div>
          </div>
        ) : null}
        <div className="form-actions">
          <span className="subtle">
            <Kbd>{`${modKey} Enter`}</Kbd> to send
          </span>
          <Button type="submit" variant="primary" busy={pending} disabled={pending}>
            {pending ? 'Starting…' : 'Ask'}
          </Button>
        </div>
      </form>
    </section>
  );
}
