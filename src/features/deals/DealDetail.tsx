// One deal, built around its next step: the key facts once at the top, then asking about it (the
// form stays where it is when a run starts; the answer appears below it), the answers asked
// about it, the activity as a timeline, and the remaining fields of the record.
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Deal } from '../../../electron/contract';
import { Badge } from '../../ui/Badge';
import { ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { Freshness } from '../../ui/Freshness';
import { RelativeTime } from '../../ui/Time';
import { dealAmount, dealFields, dealRoles, humanStage } from '../../lib/deals';
import { dealFacts } from '../../lib/dealFacts';
import type { DealFacts } from '../../lib/dealFacts';
import { formatDate } from '../../lib/format';
import { RecordView } from '../../ui/RecordView';
import { focusWhenShown, runPanel } from '../../platform/focusWhenShown';
import { useT, useTranslator } from '../../platform/i18n';
import { DealRuns } from '../runs/views';
import { ActivityTimeline } from './ActivityTimeline';
import { activityKindWord } from './activityKinds';
import { AskForm } from './AskForm';
import { useDeals } from './store';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="deal-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The name, the account, and the facts a salesperson acts on, the next step first among them. */
function DealHeader({ deal, facts }: { deal: Deal; facts: DealFacts }) {
  const { t, locale } = useTranslator();
  const roles = dealRoles(deal);
  const amount = dealAmount(deal, locale);
  const stage = humanStage(deal.stage ?? roles.stage, t);
  const account = deal.account ?? roles.account ?? deal.subtitle;
  const last = facts.timeline[0];
  const lastAt = last?.at ?? roles.updatedAt;
  return (
    <div className="deal-head-main">
      <h2 className="deal-title" tabIndex={-1} data-deal-id={deal.id}>
        {deal.title}
      </h2>
      {account && !deal.title.includes(account) ? <p className="muted">{account}</p> : null}
      {facts.nextStep ? (
        <p className="deal-next-step">
          <span className="deal-next-label">{t('deals.detail.nextStep')}</span> {facts.nextStep}
        </p>
      ) : null}
      <dl className="deal-facts-grid">
        {amount ? <Fact label={t('deals.detail.amount')}>{amount}</Fact> : null}
        {stage ? (
          <Fact label={t('deals.detail.stage')}>
            <Badge tone="accent">{stage}</Badge>
          </Fact>
        ) : null}
        {roles.closeDate ? (
          <Fact label={t('deals.detail.closeDate')}>
            <time dateTime={roles.closeDate}>{formatDate(roles.closeDate, locale)}</time>
          </Fact>
        ) : null}
        {facts.owner ? <Fact label={t('deals.detail.owner')}>{facts.owner}</Fact> : null}
        {lastAt ? (
          <Fact label={t('deals.detail.lastActivity')}>
            <RelativeTime value={lastAt} />
            {last?.kind ? ` · ${activityKindWord(last.kind, t)}` : ''}
          </Fact>
        ) : null}
      </dl>
    </div>
  );
}

/** The fields not already said above, the CRM's metadata folded away under "More fields". */
function DealFieldsView({ deal, shownKeys }: { deal: Deal; shownKeys: Set<string> }) {
  const { main, more } = useMemo(() => {
    const fields = dealFields(deal.data);
    const rest = Object.fromEntries(Object.entries(fields.main).filter(([k]) => !shownKeys.has(k)));
    return { main: rest, more: fields.more };
  }, [deal.data, shownKeys]);
  const moreCount = Object.keys(more).length;
  const t = useT();
  return (
    <>
      <RecordView record={main} />
      {moreCount > 0 ? (
        <details className="more-fields">
          <summary>{t('deals.detail.moreFields', { count: moreCount })}</summary>
          <RecordView record={more} />
        </details>
      ) : null}
    </>
  );
}

function DetailsCard({ dealId, deal }: { dealId: string; deal: Deal | undefined }) {
  const state = useDeals((s) => s.details[dealId]);
  const loadDeal = useDeals((s) => s.loadDeal);
  const facts = useMemo(() => (deal ? dealFacts(deal) : undefined), [deal]);
  const t = useT();
  return (
    <>
      {facts && facts.timeline.length > 0 ? <ActivityTimeline items={facts.timeline} /> : null}
      <section className="card" aria-labelledby="deal-details-h">
        <h2 id="deal-details-h">{t('deals.detail.detailsTitle')}</h2>
        {state?.value && facts ? (
          <DealFieldsView deal={state.value} shownKeys={facts.shownKeys} />
        ) : state?.error ? (
          <ErrorState
            title={t('deals.detail.loadError')}
            error={state.error}
            onRetry={() => void loadDeal(dealId, true)}
            retrying={state.loading}
          />
        ) : (
          <Skeleton lines={6} label={t('deals.detail.loading')} />
        )}
      </section>
    </>
  );
}

export function DealDetail({ dealId }: { dealId: string }) {
  const state = useDeals((s) => s.details[dealId]);
  const fromList = useDeals((s) => s.list.value?.find((d) => d.id === dealId));
  const loadDeal = useDeals((s) => s.loadDeal);
  const t = useT();

  useEffect(() => {
    void useDeals.getState().loadDeal(dealId);
  }, [dealId]);

  const deal = state?.value ?? fromList;
  const facts = useMemo(() => (deal ? dealFacts(deal) : undefined), [deal]);
  return (
    <div className="deal">
      <header className="deal-head">
        {deal && facts ? (
          <DealHeader deal={deal} facts={facts} />
        ) : (
          <h2 className="deal-title">{t('deals.detail.fallbackTitle')}</h2>
        )}
        {state ? (
          <Freshness
            state={state}
            onRefresh={() => void loadDeal(dealId, true)}
            label={t('deals.detail.freshnessSubject')}
          />
        ) : null}
      </header>
      {state?.error && deal ? (
        <InlineError error={state.error} onRetry={() => void loadDeal(dealId, true)} />
      ) : null}
      <AskForm
        dealId={dealId}
        stage={deal?.stage ?? (deal ? dealRoles(deal).stage : undefined)}
        onStarted={(runId) =>
          // The answer appears under the form, which stays in view: focus goes to the answer
          // (its live region says what happens) without moving the page.
          focusWhenShown(runPanel(runId), 'stay')
        }
      />
      <DealRuns dealId={dealId} />
      <DetailsCard dealId={dealId} deal={state?.value} />
    </div>
  );
}
