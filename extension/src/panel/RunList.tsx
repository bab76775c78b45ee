// The runs asked about this deal, newest first; each opens to its answer in the panel. Each is
// named by its question and its status said as a word, as on the deal's page in the app.
import { useId } from 'react';
import type { RunRecord } from '../../../electron/contract';
import { questionFromRecord } from '../../../electron/domain/runs/record-text';
import { formatDate } from '../../../src/lib/format';
import { StatusBadge } from '../../../src/ui/Badge';
import { useT, useTranslator } from '../../../src/platform/i18n';
import { useActions } from './context';

export function RunList({ runs }: { runs: RunRecord[] }) {
  const t = useT();
  const { locale } = useTranslator();
  const actions = useActions();
  const heading = useId();
  return (
    <section className="panel-runs" aria-labelledby={heading}>
      <h2 id={heading}>{t('panel.runs.heading')}</h2>
      {runs.length === 0 ? <p className="panel-hint">{t('panel.runs.empty')}</p> : null}
      <ul>
        {runs.map((run) => (
          <li key={run.runId}>
            <button
              type="button"
              className="panel-run"
              onClick={() => void actions.openRun(run.runId, run.agentId)}
            >
              <span>{questionFromRecord(run.data) ?? t('runs.deal.noQuestion')}</span>
              <span className="panel-hint">
                <StatusBadge status={run.status ?? 'unknown'} />
                {run.createdAt ? ` ${formatDate(run.createdAt, locale)}` : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
