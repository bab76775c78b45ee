// The runs asked about this deal, newest first; each opens to its answer in the panel.
import { useId } from 'react';
import type { RunRecord } from '../../../electron/contract';
import { formatDate } from '../../../src/lib/format';
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
              <span>{run.title}</span>
              <span className="panel-hint">
                {[run.status, run.createdAt ? formatDate(run.createdAt, locale) : undefined]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
