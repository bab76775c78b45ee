// Ask about this deal: who should answer (the agent, with its description), the question (or one
// of the suggested ones), start. Validation is inline; the typed message stays in the store on
// any error (and across screens, sign-ins and reloads of the list) until a run has really
// started. A used-up quota is said once, as the reason Ask is disabled.
import { useEffect, useId, useRef } from 'react';
import type { FormEvent, KeyboardEvent, RefObject } from 'react';
import type { Agent } from '../../../electron/contract';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Kbd, useModKey } from '../../ui/Kbd';
import { askLimit } from '../../lib/usage';
import type { AskLimit } from '../../lib/usage';
import { formatDayOfMonth, isolate } from '../../lib/format';
import { hasCapability, missingCapabilityReason } from '../../lib/capabilities';
import { useHost } from '../../platform/hostStore';
import { useT, useTranslator } from '../../platform/i18n';
import type { Translator } from '../../../electron/domain/i18n/translator';
import { useUsage } from '../usage';
import { useAgents } from '../agents';
import { AgentField } from './AgentField';
import { StartError } from './StartError';
import { SuggestedQuestions } from './SuggestedQuestions';
import { draftFor, useDeals } from './store';
import { useRichT } from '../../ui/richText';

interface AskFormProps {
  dealId: string;
  /** The deal's stage, for the questions suggested. */
  stage: string | undefined;
  onStarted?: (runId: string) => void;
}

/** Agents and usage are read when the form first shows, if nothing has read them yet. */
function useAskReads(): void {
  useEffect(() => {
    const s = useAgents.getState();
    if (!s.agents.value && !s.agents.loading) void s.loadAgents();
    const u = useUsage.getState();
    if (!u.summary.value && !u.summary.loading) void u.load();
  }, []);
}

/** "Choose who should answer: Deal coach, Email writer or another." */
function chooseAgentMessage(agents: Agent[] | undefined, translator: Translator): string {
  const { t, intl } = translator;
  const names = (agents ?? []).slice(0, 2).map((a) => a.title);
  if (names.length === 0) return t('deals.ask.chooseAgent');
  // Two names at most, side by side ("Deal coach, Email writer"): a unit list, not "and".
  // Right to left, each name (often Latin) is isolated on its own so it keeps its own order, and
  // the separator stays a word of the line: isolating the list whole made it one Latin run.
  const shown = translator.direction === 'rtl' ? names.map(isolate) : names;
  const list = intl.formatList(shown, { type: 'unit', style: 'short' });
  return (agents?.length ?? 0) > 2
    ? t('deals.ask.chooseAgentAmongMore', { agents: list })
    : t('deals.ask.chooseAgentAmong', { agents: list });
}

/** Starts the run; an agent missing takes focus to the agent field. */
function useSubmit(
  dealId: string,
  agentRef: RefObject<HTMLSelectElement | null>,
  onStarted: ((runId: string) => void) | undefined,
) {
  return async (event?: FormEvent) => {
    event?.preventDefault();
    if (useDeals.getState().starts[dealId]?.pending === true) return;
    const runId = await useDeals.getState().startRun(dealId);
    if (runId !== undefined) {
      onStarted?.(runId);
      void useUsage.getState().load();
    } else if (useDeals.getState().starts[dealId]?.invalid?.agent !== undefined) {
      agentRef.current?.focus();
    }
  };
}

function LimitNote({ limit, id }: { limit: AskLimit | undefined; id: string }) {
  if (!limit) return null;
  return (
    <p
      id={id}
      className={`quota-warning quota-${limit.blocked ? 'exhausted' : 'warning'}`}
      role="status"
    >
      {limit.message}
    </p>
  );
}

/** The shortcut and the Ask button, which says when a run is starting. */
function AskActions(props: { pending: boolean; blocked: boolean; limitId: string }) {
  const t = useT();
  const richT = useRichT();
  const modKey = useModKey();
  return (
    <div className="form-actions">
      <span className="subtle">
        {richT('deals.ask.sendHint', {
          keys: `${modKey} Enter`,
          key: (chunks) => <Kbd key="keys">{chunks.join('')}</Kbd>,
        })}
      </span>
      <Button
        type="submit"
        variant="primary"
        busy={props.pending}
        disabled={props.pending || props.blocked}
        aria-describedby={props.blocked ? props.limitId : undefined}
      >
        {props.pending ? t('deals.ask.starting') : t('deals.ask.submit')}
      </Button>
    </div>
  );
}

export function AskForm({ dealId, stage, onStarted }: AskFormProps) {
  const translator = useTranslator();
  const { t, locale } = translator;
  // Two primitive selectors: a fresh draft object per render would loop the store subscription.
  const agentId = useDeals((s) => draftFor(s, dealId).agentId);
  const message = useDeals((s) => draftFor(s, dealId).message);
  const start = useDeals((s) => s.starts[dealId]);
  const agents = useAgents((s) => s.agents);
  const editDraft = useDeals((s) => s.editDraft);
  const metadata = useHost((s) => s.metadata.value);
  const usage = useUsage((s) => s.summary.value);
  const ids = useId();
  const agentRef = useRef<HTMLSelectElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  useAskReads();
  const submit = useSubmit(dealId, agentRef, onStarted);

  if (!hasCapability(metadata, 'runs')) {
    return (
      <section className="card ask" aria-labelledby={`${ids}-h`}>
        <h2 id={`${ids}-h`}>{t('deals.ask.title')}</h2>
        <p className="muted">{missingCapabilityReason('runs', t)}</p>
      </section>
    );
  }

  const chosen = agents.value?.find((a) => a.id === agentId);
  const example =
    chosen && typeof chosen.data.examplePrompt === 'string' ? chosen.data.examplePrompt : undefined;
  const limit = usage ? askLimit(usage, (day) => formatDayOfMonth(day, locale), t) : undefined;
  const blocked = limit?.blocked === true;
  const pending = start?.pending === true;
  const onMessageKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!blocked) void submit();
    }
  };
  return (
    <section className="card ask" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>{t('deals.ask.title')}</h2>
      <form
        className="form"
        onSubmit={(e) => void (blocked ? e.preventDefault() : submit(e))}
        noValidate
      >
        <SuggestedQuestions
          stage={stage}
          agentId={agentId}
          agents={agents.value}
          onPick={(patch) => {
            editDraft(dealId, patch);
            messageRef.current?.focus();
          }}
        />
        <AgentField
          selectRef={agentRef}
          agentId={agentId}
          agents={agents}
          error={
            start?.invalid?.agent === undefined
              ? undefined
              : chooseAgentMessage(agents.value, translator)
          }
          onChange={(id) => editDraft(dealId, { agentId: id })}
        />
        <Field
          label={t('deals.ask.messageLabel')}
          error={start?.invalid?.message === undefined ? undefined : t(start.invalid.message)}
        >
          <textarea
            ref={messageRef}
            className="input textarea"
            rows={3}
            value={message}
            placeholder={example ?? t('deals.ask.messagePlaceholder')}
            onChange={(e) => editDraft(dealId, { message: e.target.value })}
            onKeyDown={onMessageKey}
          />
        </Field>
        <LimitNote limit={limit} id={`${ids}-limit`} />
        {start?.error && !blocked ? (
          <StartError error={start.error} onRetry={() => void submit()} />
        ) : null}
        <AskActions pending={pending} blocked={blocked} limitId={`${ids}-limit`} />
      </form>
    </section>
  );
}
