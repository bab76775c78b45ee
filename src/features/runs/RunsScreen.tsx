// Runs: live runs of this session, the history by day (paged, or searched by question, agent,
// status and deal), and one run's record and stored output.
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { navigate } from '../../platform/router';
import { formatNumber } from '../../lib/format';
import { StatusBadge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState, ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { InlineSelect } from '../../ui/InlineSelect';
import { BackLink } from '../../ui/BackLink';
import { PageHeader } from '../../ui/PageHeader';
import { RecordView } from '../../ui/RecordView';
import { RunFilters, isSearch, type RunsRoute } from './RunFilters';
import { RunPanel } from './RunPanel';
import { RunLink, RunsTable, useAgentName, type DealTitles } from './RunsTable';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, useRuns } from './store';
import { useFoundRuns } from './useFoundRuns';

function LiveRuns() {
  const live = useRuns((s) => s.live);
  const agentName = useAgentName();
  const active = useMemo(
    () =>
      Object.values(live)
        .filter((r) => !r.done)
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt)),
    [live],
  );
  if (active.length === 0) return null;
  return (
    <section className="card" aria-labelledby="live-runs-h">
      <h2 id="live-runs-h">Running now</h2>
      <ul className="live-list">
        {active.map((run) => (
          <li key={run.runId}>
            <StatusBadge status={run.status} />
            <RunLink runId={run.runId}>{agentName(run.agentId)}</RunLink>
            {run.message ? <span className="muted live-msg">{run.message}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PagedHistory({
  route,
  go,
  dealTitles,
}: {
  route: RunsRoute;
  go: (patch: Partial<RunsRoute>) => void;
  dealTitles: DealTitles;
}) {
  const history = useRuns((s) => s.history);
  const limit = route.limit ?? DEFAULT_PAGE_SIZE;
  const offset = route.offset ?? 0;
  const status = route.status;
  useEffect(() => {
    void useRuns
      .getState()
      .loadHistory(status === undefined ? { limit, offset } : { limit, offset, status });
  }, [limit, offset, status]);

  const page = history.value;
  const items = page?.items ?? [];
  const from = items.length === 0 ? 0 : offset + 1;
  const to = offset + items.length;
  return (
    <>
      {history.error && page ? <InlineError error={history.error} onRetry={() => go({})} /> : null}
      {!page && history.error ? (
        <ErrorState
          title="Could not load the runs"
          error={history.error}
          onRetry={() =>
            void useRuns.getState().loadHistory({ limit, offset, ...(status ? { status } : {}) })
          }
        />
      ) : !page ? (
        <Skeleton lines={6} label="Loading runs…" />
      ) : items.length === 0 ? (
        <EmptyState
          title={status ? `No ${status} runs` : offset > 0 ? 'No more runs' : 'No runs yet'}
        >
          {offset > 0 ? 'This page is empty.' : 'Runs you start from a deal show up here.'}
        </EmptyState>
      ) : (
        <RunsTable items={items} busy={history.loading} dealTitles={dealTitles} />
      )}
      <nav className="pager" aria-label="Pages">
        <span className="subtle" aria-live="polite">
          {page && items.length > 0
            ? `Runs ${formatNumber(from)}–${formatNumber(to)}${page.total !== undefined ? ` of ${formatNumber(page.total)}` : ''}`
            : ''}
        </span>
        <div className="pager-buttons">
          <InlineSelect
            label="Per page"
            value={String(limit)}
            options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            onChange={(size) => go({ limit: Number(size), offset: 0 })}
          />
          <Button
            size="sm"
            disabled={offset === 0 || history.loading}
            onClick={() => go({ offset: Math.max(0, offset - limit) })}
          >
            ← Previous
          </Button>
          <Button
            size="sm"
            disabled={!page?.hasMore || history.loading}
            onClick={() => go({ offset: offset + limit })}
          >
            Next →
          </Button>
        </div>
      </nav>
    </>
  );
}

// Enough for weeks of one person's runs; the answer says when older ones were not searched.
const SEARCH_LIMIT = 100;
const SEARCH_SCAN = 1_000;

function FoundHistory({ route, dealTitles }: { route: RunsRoute; dealTitles: DealTitles }) {
  const [again, setAgain] = useState(0);
  const found = useFoundRuns(
    {
      limit: SEARCH_LIMIT,
      scan: SEARCH_SCAN,
      ...(route.dealId ? { dealId: route.dealId } : {}),
      ...(route.agentId ? { agentId: route.agentId } : {}),
      ...(route.status ? { status: route.status } : {}),
      ...(route.q ? { query: route.q } : {}),
    },
    again,
  );
  const value = found.value;
  if (!value && found.error) {
    return (
      <ErrorState
        title="Could not search the runs"
        error={found.error}
        onRetry={() => setAgain((n) => n + 1)}
        retrying={found.loading}
      />
    );
  }
  if (!value) return <Skeleton lines={6} label="Searching the runs…" />;
  const reach = value.complete
    ? `Searched all ${formatNumber(value.scanned)} runs.`
    : `Searched the latest ${formatNumber(value.scanned)} runs; older ones were not searched.`;
  return (
    <>
      {value.items.length === 0 ? (
        <EmptyState title="No run matches">{reach}</EmptyState>
      ) : (
        <RunsTable items={value.items} busy={found.loading} dealTitles={dealTitles} />
      )}
      {value.items.length > 0 ? (
        <p className="subtle" aria-live="polite">
          {`${formatNumber(value.items.length)} ${value.items.length === 1 ? 'run' : 'runs'} found. ${reach}`}
        </p>
      ) : null}
    </>
  );
}

function History({ route, dealTitles }: { route: RunsRoute; dealTitles: DealTitles }) {
  const ids = useId();
  const go = useCallback(
    (patch: Partial<RunsRoute>) => {
      const { runId: _runId, ...rest } = route;
      const next: RunsRoute = { ...rest, ...patch, name: 'runs' };
      for (const key of Object.keys(next) as (keyof RunsRoute)[]) {
        if (next[key] === undefined) delete next[key];
      }
      navigate(next);
    },
    [route],
  );
  return (
    <section className="card" aria-labelledby={`${ids}-h`}>
      <div className="card-head">
        <h2 id={`${ids}-h`}>History</h2>
        <RunFilters
          route={route}
          go={go}
          dealTitle={route.dealId === undefined ? undefined : dealTitles.get(route.dealId)}
        />
      </div>
      {isSearch(route) ? (
        <FoundHistory route={route} dealTitles={dealTitles} />
      ) : (
        <PagedHistory route={route} go={go} dealTitles={dealTitles} />
      )}
    </section>
  );
}

function RunDetailScreen({ runId }: { runId: string }) {
  const detail = useRuns((s) => s.details[runId]);
  const isLive = useRuns((s) => s.live[runId] !== undefined);
  useEffect(() => {
    void useRuns.getState().loadDetail(runId);
  }, [runId]);
  const record = detail?.value?.record;
  const agentName = useAgentName();
  const agentId = useRuns((s) => s.live[runId]?.agentId) ?? record?.agentId;
  return (
    <div className="page page-run">
      <BackLink to={{ name: 'runs' }}>← All runs</BackLink>
      <PageHeader title={agentId ? agentName(agentId) : (record?.title ?? 'Run')} />
      <RunPanel runId={runId} />
      <section className="card" aria-labelledby="run-record-h">
        <h2 id="run-record-h">Record</h2>
        {detail?.value?.recordError ? (
          <InlineError
            error={detail.value.recordError}
            onRetry={() => void useRuns.getState().loadDetail(runId)}
          />
        ) : null}
        {record ? (
          <RecordView record={record.data} />
        ) : detail?.loading ? (
          <Skeleton lines={4} label="Loading the run record…" />
        ) : detail?.error && !isLive ? null : (
          <p className="subtle">The service’s record of this run is not available.</p>
        )}
      </section>
    </div>
  );
}

/** `dealTitles` names the deals in the history (see DealTitles). */
export function RunsScreen({ route, dealTitles }: { route: RunsRoute; dealTitles: DealTitles }) {
  if (route.runId) return <RunDetailScreen key={route.runId} runId={route.runId} />;
  return (
    <div className="page">
      <PageHeader title="Runs" />
      <LiveRuns />
      <History route={route} dealTitles={dealTitles} />
    </div>
  );
}
