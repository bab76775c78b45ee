// One deal: its name, account, stage and amount, Ask an agent, the runs asked about it, and every
// field of the record laid out readably.
import { useEffect, useMemo } from 'react';
import type { Deal } from '../../../electron/contract';
import { Badge } from '../../ui/Badge';
import { ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { Freshness } from '../../ui/Freshness';
import { dealAmount, dealFields, dealRoles, humanStage } from '../../lib/deals';
import { formatDate } from '../../lib/format';
import { RecordView } from '../../ui/RecordView';
import { focusWhenShown, runPanel } from '../../platform/focusWhenShown';
import { DealRuns } from '../runs/views';
import { AskForm } from './AskForm';
import { useDeals } from './store';

function DealHeader({ deal }: { deal: Deal }) {
  const roles = dealRoles(deal);
  const amount = dealAmount(deal);
  const stage = humanStage(deal.stage ?? roles.stage);
  const account = deal.account ?? roles.account;
  return (
    <div className="deal-head-main">
      <h2 className="deal-title" tabIndex={-1} data-deal-id={deal.id}>
        {deal.title}
      </h2>
      <p className="deal-facts">
        {account ? <span>{account}</span> : deal.subtitle ? <span>{deal.subtitle}</span> : null}
        {stage ? <Badge tone="accent">{stage}</Badge> : null}
        {amount ? <span className="deal-amount">{amount}</span> : null}
        {roles.closeDate ? (
          <span>
            Closes <time dateTime={roles.closeDate}>{formatDate(roles.closeDate)}</time>
          </span>
        ) : null}
        {roles.owner ? <span>Owner: {roles.owner}</span> : null}
      </p>
    </div>
  );
}

/** Every field, the CRM's metadata folded away under "More fields". */
function DealFieldsView({ deal }: { deal: Deal }) {
  const { main, more } = useMemo(() => dealFields(deal.data), [deal.data]);
  const moreCount = Object.keys(more).length;
  return (
    <>
      <RecordView record={main} />
      {moreCount > 0 ? (
        <details className="more-fields">
          <summary>More fields ({moreCount})</summary>
          <RecordView record={more} />
        </details>
      ) : null}
    </>
  );
}

export function DealDetail({ dealId }: { dealId: string }) {
  const state = useDeals((s) => s.details[dealId]);
  const fromList = useDeals((s) => s.list.value?.find((d) => d.id === dealId));
  const loadDeal = useDeals((s) => s.loadDeal);

  useEffect(() => {
    void useDeals.getState().loadDeal(dealId);
  }, [dealId]);

  const deal = state?.value ?? fromList;
  return (
    <div className="deal">
      <header className="deal-head">
        {deal ? <DealHeader deal={deal} /> : <h2 className="deal-title">Deal</h2>}
        {state ? (
          <Freshness state={state} onRefresh={() => void loadDeal(dealId, true)} label="deal" />
        ) : null}
      </header>
      {state?.error && deal ? (
        <InlineError error={state.error} onRetry={() => void loadDeal(dealId, true)} />
      ) : null}
      <AskForm
        dealId={dealId}
        onStarted={(runId) =>
          // The new run, in view and in focus as its answer starts to stream.
          focusWhenShown(runPanel(runId), 'start')
        }
      />
      <DealRuns dealId={dealId} />
      <section className="card" aria-labelledby="deal-details-h">
        <h2 id="deal-details-h">Details</h2>
        {state?.value ? (
          <DealFieldsView deal={state.value} />
        ) : state?.error ? (
          <ErrorState
            title="Could not load this deal"
            error={state.error}
            onRetry={() => void loadDeal(dealId, true)}
            retrying={state.loading}
          />
        ) : (
          <Skeleton lines={6} label="Loading the deal…" />
        )}
      </section>
    </div>
  );
}
