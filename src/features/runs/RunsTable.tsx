// Runs as a table grouped by the day they started: the question as the run's link, then the
// agent, the deal, the time and the status. No run or deal id is ever shown as text.
import type { ReactNode } from 'react';
import type { RunRecord } from '../../../electron/contract';
import { RouteLink } from '../../ui/RouteLink';
import { groupByDay } from '../../lib/days';
import { useTranslator } from '../../platform/i18n';
import { formatTime } from '../../lib/format';
import { dealIdFromRecord, questionFromRecord } from '../../../electron/domain/runs/record-text';
import { StatusBadge } from '../../ui/Badge';
import { useAgents } from '../agents';
import { Sentence } from '../../ui/Sentence';

/**
 * Deal titles by deal id. Given by the app (from the deals feature's list): the deals feature
 * shows runs, so runs never imports deals.
 */
export type DealTitles = ReadonlyMap<string, string>;

export function useAgentName(): (id: string | undefined) => string {
  const agents = useAgents((s) => s.agents.value);
  return (id) => (id ? (agents?.find((a) => a.id === id)?.title ?? id) : '—');
}

export function RunLink({ runId, children }: { runId: string; children: ReactNode }) {
  return <RouteLink to={{ name: 'runs', runId }}>{children}</RouteLink>;
}

export function RunsTable({
  items,
  busy,
  dealTitles,
}: {
  items: readonly RunRecord[];
  busy: boolean;
  dealTitles: DealTitles;
}) {
  const translator = useTranslator();
  const { t, locale } = translator;
  const agentName = useAgentName();
  const dealName = (record: RunRecord) => {
    const id = dealIdFromRecord(record.data);
    // A deal outside the loaded list has no name here: never its raw id.
    return id === undefined ? '—' : (dealTitles.get(id) ?? '—');
  };
  const days = groupByDay(items, (run) => run.createdAt, new Date(), translator);
  return (
    <div className="table-wrap" role="region" aria-label={t('runs.table.label')} tabIndex={0}>
      <table className="table runs-table" aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col">{t('runs.table.question')}</th>
            <th scope="col">{t('runs.table.agent')}</th>
            <th scope="col">{t('runs.table.deal')}</th>
            <th scope="col">{t('runs.table.started')}</th>
            <th scope="col">{t('runs.table.status')}</th>
          </tr>
        </thead>
        {days.map((day) => (
          <tbody key={day.key}>
            <tr className="day-row">
              <th scope="rowgroup" colSpan={5}>
                {day.label}
              </th>
            </tr>
            {day.items.map((run) => (
              <tr key={run.runId}>
                <td className="run-question-cell" dir="auto">
                  <RunLink runId={run.runId}>
                    {questionFromRecord(run.data) ?? (
                      <Sentence id="runs.table.runOf" values={{ agent: agentName(run.agentId) }} />
                    )}
                  </RunLink>
                </td>
                <td className="muted">{agentName(run.agentId)}</td>
                <td className="muted">{dealName(run)}</td>
                <td className="muted run-time">
                  {run.createdAt ? (
                    <time dateTime={run.createdAt}>{formatTime(run.createdAt, locale)}</time>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <StatusBadge status={run.status ?? 'unknown'} />
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
