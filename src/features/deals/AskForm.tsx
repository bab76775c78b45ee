// Ask an agent about this deal: choose an agent (with its description), type a message, start.
// Validation is inline; the typed message stays in the store on any error (and across screens,
// sign-ins and reloads of the list) until a run has really started.
import { useEffect, useId } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Kbd, modKey } from '../../ui/Kbd';
import { askQuotaWarnings } from '../../lib/usage';
import { hasCapability, missingCapabilityReason } from '../../lib/capabilities';
import { useHost } from '../../platform/hostStore';
import { useUsage } from '../usage';
import { useAgents } from '../agents';
import { AgentField } from './AgentField';
import { StartError } from './StartError';
import { draftFor, useDeals } from './store';

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
  const metadata = useHost((s) => s.metadata.value);
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
  // Runs, tokens and requests: any of them used up stops a run.
  const quotas = usage ? askQuotaWarnings(usage) : [];
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

  const messageError = start?.invalid?.message;
  return (
    <section className="card ask" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>Ask an agent</h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <AgentField
          agentId={draft.agentId}
          agents={agents}
          error={start?.invalid?.agent}
          onChange={(agentId) => editDraft(dealId, { agentId })}
        />
        <Field label="Message" error={messageError}>
          <textarea
            className="input textarea"
            rows={3}
            value={draft.message}
            placeholder={example ?? 'What do you want to know about this deal?'}
            onChange={(e) => editDraft(dealId, { message: e.target.value })}
            onKeyDown={onMessageKey}
          />
        </Field>
        {quotas.map((quota) => (
          <p key={quota.message} className={`quota-warning quota-${quota.level}`} role="status">
            {quota.message}
          </p>
        ))}
        {start?.error ? <StartError error={start.error} onRetry={() => void submit()} /> : null}
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
