// Answers (the runs of the API, shown as answers to questions): those being worked on now, the
// history by day (paged, or searched by question, agent, status and deal), and one answer's page
// with the way back to its deal, its record folded under "Details for IT".
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { navigate } from '../../platform/router';
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
import { dealIdFromRecord } from '../../../electron/domain/runs/record-text';
import { statusWord } from '../../../electron/domain/runs/status-words';
import { useT } from '../../platform/i18n';

function LiveRuns() {
  const t = useT();
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
      <h2 id="live-runs-h">{t('runs.live.title')}</h2>
      <ul className="live-list">
        {active.map((run) => (
          <li key={run.runId}>
            <StatusBadge status={run.status} />
            <RunLink runId={run.runId}>{agentName(run.agentId)}</RunLink>
            {run.message ? (
              <span className="muted live-msg" dir="auto">
                {run.message}
              </span>
            ) : null}
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
  const t = useT();
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
          title={t('runs.history.loadFailed')}
          error={history.error}
          onRetry={() =>
            void useRuns.getState().loadHistory({ limit, offset, ...(status ? { status } : {}) })
          }
        />
      ) : !page ? (
        <Skeleton lines={6} label={t('runs.history.loading')} />
      ) : items.length === 0 ? (
        <EmptyState
          title={
            status
              ? t('runs.history.emptyWithStatus', { status: statusWord(t, status) })
              : offset > 0
                ? t('runs.history.noMore')
                : t('runs.history.empty')
          }
        >
          {offset > 0 ? t('runs.history.pageEmpty') : t('runs.history.emptyHint')}
        </EmptyState>
      ) : (
        <RunsTable items={items} busy={history.loading} dealTitles={dealTitles} />
      )}
      <nav className="pager" aria-label={t('runs.history.pages')}>
        <span className="subtle" aria-live="polite">
          {page && items.length > 0
            ? page.total !== undefined
              ? t('runs.history.range', { from, to, total: page.total })
              : t('runs.history.rangeOpen', { from, to })
            : ''}
        </span>
        <div className="pager-buttons">
          <InlineSelect
            label={t('runs.history.perPage')}
            value={String(limit)}
            options={PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
            onChange={(size) => go({ limit: Number(size), offset: 0 })}
          />
          <Button
            size="sm"
            disabled={offset === 0 || history.loading}
            onClick={() => go({ offset: Math.max(0, offset - limit) })}
          >
            <span className="turns-in-rtl">←</span> {t('runs.history.previous')}
          </Button>
          <Button
            size="sm"
            disabled={!page?.hasMore || history.loading}
            onClick={() => go({ offset: offset + limit })}
          >
            {t('runs.history.next')} <span className="turns-in-rtl">→</span>
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
  const t = useT();
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
        title={t('runs.search.failed')}
        error={found.error}
        onRetry={() => setAgain((n) => n + 1)}
        retrying={found.loading}
      />
    );
  }
  if (!value) return <Skeleton lines={6} label={t('runs.search.searching')} />;
  const reach = value.complete
    ? t('runs.search.reachAll', { count: value.scanned })
    : t('runs.search.reachLatest', { count: value.scanned });
  return (
    <>
      {value.items.length === 0 ? (
        <EmptyState title={t('runs.search.noMatch')}>{reach}</EmptyState>
      ) : (
        <RunsTable items={value.items} busy={found.loading} dealTitles={dealTitles} />
      )}
      {value.items.length > 0 ? (
        <p className="subtle" aria-live="polite">
          {t('runs.search.found', { count: value.items.length, reach })}
        </p>
      ) : null}
    </>
  );
}

function History({ route, dealTitles }: { route: RunsRoute; dealTitles: DealTitles }) {
  const t = useT();
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
        <h2 id={`${ids}-h`}>{t('runs.history.title')}</h2>
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

/** The run's record as the service keeps it: for IT, under the panel's "Details for IT". */
function RunRecord({ runId }: { runId: string }) {
  const t = useT();
  const detail = useRuns((s) => s.details[runId]);
  const isLive = useRuns((s) => s.live[runId] !== undefined);
  const record = detail?.value?.record;
  return (
    <section className="run-record" aria-labelledby="run-record-h">
      <h3 id="run-record-h">{t('runs.record.title')}</h3>
      {detail?.value?.recordError ? (
        <InlineError
          error={detail.value.recordError}
          onRetry={() => void useRuns.getState().loadDetail(runId)}
        />
      ) : null}
      {record ? (
        <RecordView record={record.data} showIds />
      ) : detail?.loading ? (
        <Skeleton lines={4} label={t('runs.record.loading')} />
      ) : detail?.error && !isLive ? null : (
        <p className="subtle">{t('runs.record.unavailable')}</p>
      )}
    </section>
  );
}

function RunDetailScreen({ runId, dealTitles }: { runId: string; dealTitles: DealTitles }) {
  const t = useT();
  const detail = useRuns((s) => s.details[runId]);
  useEffect(() => {
    void useRuns.getState().loadDetail(runId);
  }, [runId]);
  const record = detail?.value?.record;
  const agentName = useAgentName();
  const agentId = useRuns((s) => s.live[runId]?.agentId) ?? record?.agentId;
  const dealId =
    useRuns((s) => s.live[runId]?.dealId) ?? (record ? dealIdFromRecord(record.data) : undefined);
  const dealTitle = dealId === undefined ? undefined : dealTitles.get(dealId);
  return (
    <div className="page page-run">
      <nav className="back-links" aria-label={t('runs.detail.back')}>
        {/* The way back is the deal, by its name; a deal not loaded here has no name to give. */}
        {dealId !== undefined && dealTitle !== undefined ? (
          <BackLink to={{ name: 'deals', dealId }}>
            <bdi>{dealTitle}</bdi>
          </BackLink>
        ) : null}
        <BackLink to={{ name: 'runs' }}>{t('runs.detail.allAnswers')}</BackLink>
      </nav>
      <PageHeader title={agentId ? agentName(agentId) : (record?.title ?? t('runs.run.title'))} />
      <RunPanel runId={runId} forIt={<RunRecord runId={runId} />} />
    </div>
  );
}

/** `dealTitles` names the deals in the history (see DealTitles). */
export function RunsScreen({ route, dealTitles }: { route: RunsRoute; dealTitles: DealTitles }) {
  const t = useT();
  if (route.runId) {
    return <RunDetailScreen key={route.runId} runId={route.runId} dealTitles={dealTitles} />;
  }
  return (
    <div className="page">
      <PageHeader title={t('app.screen.runs')} />
      <LiveRuns />
      <History route={route} dealTitles={dealTitles} />
    </div>
  );
}
