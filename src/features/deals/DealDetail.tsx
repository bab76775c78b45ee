// One deal: its name, account, stage and amount, Ask an agent, the runs started on it, and every
// field of the record laid out readably.
import { useEffect, useMemo } from 'react';
import type { Deal } from '../../../electron/contract';
import { navigate } from '../../app/router';
import { Badge } from '../../ui/Badge';
import { ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { Freshness } from '../../ui/Freshness';
import { RecordView } from '../../ui/RecordView';
import { RunPanel } from '../runs/RunPanel';
import { runsForDeal, useRuns } from '../runs/store';
import { StatusBadge } from '../../ui/Badge';
import { AskForm } from './AskForm';
import { dealAmount, humanStage } from './DealPicker';
import { useDeals } from './store';

const SHOWN_IN_HEADER = ['id', 'name', 'title'];

function DealRuns({ dealId }: { dealId: string }) {
  const live = useRuns((s) => s.live);
  const runs = useMemo(() => runsForDeal(live, dealId), [live, dealId]);
  if (runs.length === 0) return null;
  const [latest, ...earlier] = runs;
  return (
    <section className="deal-runs" aria-label="Runs on this deal">
      {latest ? <RunPanel key={latest.runId} runId={latest.runId} compact /> : null}
      {earlier.length > 0 ? (
        <details className="earlier-runs">
          <summary>Earlier runs on this deal ({earlier.length})</summary>
          <ul className="run-links">
            {earlier.map((run) => (
              <li key={run.runId}>
                <a
                  href={`#/runs/${encodeURIComponent(run.runId)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate({ name: 'runs', runId: run.runId });
                  }}
                >
                  <StatusBadge status={run.status} /> {run.message ?? run.agentId}
                </a>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function DealHeader({ deal }: { deal: Deal }) {
  const amount = dealAmount(deal);
  const stage = humanStage(deal.stage);
  return (
    <div className="deal-head-main">
      <h2 className="deal-title">{deal.title}</h2>
      <p className="deal-facts">
        {deal.account ? (
          <span>{deal.account}</span>
        ) : deal.subtitle ? (
          <span>{deal.subtitle}</span>
        ) : null}
        {stage ? <Badge tone="accent">{stage}</Badge> : null}
        {amount ? <span className="deal-amount">{amount}</span> : null}
      </p>
    </div>
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
      <AskForm dealId={dealId} />
      <DealRuns dealId={dealId} />
      <section className="card" aria-labelledby="deal-details-h">
        <h2 id="deal-details-h">Details</h2>
        {state?.value ? (
          <RecordView record={state.value.data} omit={SHOWN_IN_HEADER} />
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
