// Runs: live runs of this session, the history with paging and a status filter, and one run's
// record and stored output.
import { useEffect, useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { KNOWN_RUN_STATUSES } from '../../../electron/contract';
import type { RunRecord } from '../../../electron/contract';
import { questionFromRecord } from '../../lib/runRecord';
import { navigate } from '../../app/router';
import type { Route } from '../../lib/routes';
import { formatDate, formatNumber } from '../../lib/format';
import { StatusBadge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState, ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { BackLink } from '../../ui/BackLink';
import { PageHeader } from '../../ui/PageHeader';
import { RecordView } from '../../ui/RecordView';
import { useAgents } from '../agents';
import { useDeals } from '../deals';
import { RunPanel } from './RunPanel';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, useRuns } from './store';

type RunsRoute = Extract<Route, { name: 'runs' }>;

function useAgentName(): (id: string | undefined) => string {
  const agents = useAgents((s) => s.agents.value);
  return (id) => (id ? (agents?.find((a) => a.id === id)?.title ?? id) : '—');
}

function RunLink({ runId, children }: { runId: string; children: ReactNode }) {
  return (
    <a
      href={`#/runs/${encodeURIComponent(runId)}`}
      onClick={(e) => {
        e.preventDefault();
        navigate({ name: 'runs', runId });
      }}
    >
      {children}
    </a>
  );
}

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

function History({ route }: { route: RunsRoute }) {
  const history = useRuns((s) => s.history);
  const agentName = useAgentName();
  const deals = useDeals((s) => s.list.value);
  const ids = useId();
  const limit = route.limit ?? DEFAULT_PAGE_SIZE;
  const offset = route.offset ?? 0;
  const status = route.status;

  useEffect(() => {
    void useRuns
      .getState()
      .loadHistory(status === undefined ? { limit, offset } : { limit, offset, status });
  }, [limit, offset, status]);

  const go = (patch: Partial<RunsRoute>) => {
    const next: RunsRoute = { name: 'runs', limit, offset, ...patch };
    if (status !== undefined && !('status' in patch)) next.status = status;
    if (next.status === undefined) delete next.status;
    navigate(next);
  };
  const dealName = (record: RunRecord) => {
    const id =
      typeof record.data.context === 'object' &&
      record.data.context !== null &&
      !Array.isArray(record.data.context)
        ? record.data.context.dealId
        : record.data.dealId;
    if (typeof id !== 'string') return '—';
    // A deal outside the loaded list has no name here: never its raw id.
    return deals?.find((d) => d.id === id)?.title ?? '—';
  };

  const page = history.value;
  const items = page?.items ?? [];
  const from = items.length === 0 ? 0 : offset + 1;
  const to = offset + items.length;
  const statuses = [...new Set<string>([...KNOWN_RUN_STATUSES, ...(status ? [status] : [])])];

  return (
    <section className="card" aria-labelledby={`${ids}-h`}>
      <div className="card-head">
        <h2 id={`${ids}-h`}>History</h2>
        <div className="toolbar">
          {/* Two small filters of one kind (status, page size): each its own options and change. */}
          <label className="inline-field">
            <span>Status</span>
            <select
              className="input input-sm"
              value={status ?? ''}
              onChange={(e) => go({ status: e.target.value || undefined, offset: 0 })}
            >
              <option value="">All</option>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-field">
            <span>Per page</span>
            <select
              className="input input-sm"
              value={limit}
              onChange={(e) => go({ limit: Number(e.target.value), offset: 0 })}
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
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
        <div className="table-wrap" role="region" aria-label="Runs" tabIndex={0}>
          <table className="table" aria-busy={history.loading}>
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Agent</th>
                <th scope="col">Deal</th>
                <th scope="col">Started</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {items.map((run) => (
                <tr key={run.runId}>
                  <td className="run-question-cell">
                    <RunLink runId={run.runId}>
                      {questionFromRecord(run.data) ?? `Run of ${agentName(run.agentId)}`}
                    </RunLink>
                  </td>
                  <td className="muted">{agentName(run.agentId)}</td>
                  <td className="muted">{dealName(run)}</td>
                  <td className="muted">{run.createdAt ? formatDate(run.createdAt) : '—'}</td>
                  <td>
                    <StatusBadge status={run.status ?? 'unknown'} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pager" aria-label="Pages">
        <span className="subtle" aria-live="polite">
          {page && items.length > 0
            ? `Runs ${formatNumber(from)}–${formatNumber(to)}${page.total !== undefined ? ` of ${formatNumber(page.total)}` : ''}`
            : ''}
        </span>
        <div className="pager-buttons">
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
      <PageHeader
        title={agentId ? agentName(agentId) : (record?.title ?? 'Run')}
        meta={<span className="mono subtle">{runId}</span>}
      />
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

export function RunsScreen({ route }: { route: RunsRoute }) {
  if (route.runId) return <RunDetailScreen key={route.runId} runId={route.runId} />;
  return (
    <div className="page">
      <PageHeader title="Runs" />
      <LiveRuns />
      <History route={route} />
    </div>
  );
}
