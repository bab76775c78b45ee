// The runs asked about this deal, newest first: the latest one followed here as a live panel,
// then every other, whether started here, on another computer or from the command line (found
// on the service by the deal), each by its question, with a way to the deal's whole history.
// Shown on a deal's page; it lives here, with the runs it lists, so that the deals feature uses
// the runs feature and never the other way round.
import { useMemo } from 'react';
import type { RunRecord } from '../../../electron/contract';
import { RouteLink } from '../../ui/RouteLink';
import { formatDate } from '../../lib/format';
import { questionFromRecord } from '../../../electron/domain/runs/record-text';
import { StatusBadge } from '../../ui/Badge';
import { RunPanel } from './RunPanel';
import { runsForDeal, useRuns } from './store';
import { useFoundRuns } from './useFoundRuns';
import { useTranslator } from '../../platform/i18n';

// A deal page reads at most three pages of the service's history for its runs.
const SHOWN = 10;
const SCAN = 300;

interface Row {
  runId: string;
  question: string | undefined;
  status: string;
  at: string | undefined;
}

function fromRecord(run: RunRecord): Row {
  return {
    runId: run.runId,
    question: questionFromRecord(run.data),
    status: run.status ?? 'unknown',
    at: run.createdAt,
  };
}

export function DealRuns({ dealId }: { dealId: string }) {
  const { t, locale } = useTranslator();
  const live = useRuns((s) => s.live);
  const here = useMemo(() => runsForDeal(live, dealId), [live, dealId]);
  // Searched again whenever one of this deal's runs ends here.
  const ended = here.filter((run) => run.done).length;
  const found = useFoundRuns({ dealId, limit: SHOWN, scan: SCAN }, ended);
  const [latest, previous] = here;
  // Retry asks the same question again: the answer being read stays on screen under the new one.
  const retried =
    latest !== undefined && previous?.message !== undefined && previous.message === latest.message
      ? previous
      : undefined;
  const rows = useMemo(() => {
    const byId = new Map<string, Row>();
    for (const run of found.value?.items ?? []) byId.set(run.runId, fromRecord(run));
    for (const run of here) {
      byId.set(run.runId, {
        runId: run.runId,
        question: run.message ?? byId.get(run.runId)?.question,
        status: run.status,
        at: run.startedAt,
      });
    }
    if (latest) byId.delete(latest.runId);
    if (retried) byId.delete(retried.runId);
    return [...byId.values()]
      .sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''))
      .slice(0, SHOWN);
  }, [found.value, here, latest, retried]);

  if (!latest && rows.length === 0) return null;
  return (
    <section className="deal-runs" aria-label={t('runs.deal.label')}>
      {latest ? <RunPanel key={latest.runId} runId={latest.runId} compact /> : null}
      {retried ? (
        <div className="retried-run">
          <p className="subtle">{t('runs.deal.beforeRetry')}</p>
          <RunPanel key={retried.runId} runId={retried.runId} compact />
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div className="card earlier-runs">
          <h3>{latest ? t('runs.deal.earlier') : t('runs.deal.label')}</h3>
          <ul className="run-links">
            {rows.map((row) => (
              <li key={row.runId}>
                <RouteLink to={{ name: 'runs', runId: row.runId }}>
                  <StatusBadge status={row.status} /> {row.question ?? t('runs.deal.noQuestion')}
                </RouteLink>
                {row.at ? <span className="subtle"> · {formatDate(row.at, locale)}</span> : null}
              </li>
            ))}
          </ul>
          <RouteLink to={{ name: 'runs', dealId }} className="subtle">
            {t('runs.deal.allRuns')}
          </RouteLink>
        </div>
      ) : null}
    </section>
  );
}
