// Above the deal list: how it is sorted and which stage it shows, folded into one line that says
// so ("Closing soonest · All stages") until opened, so the list keeps its room.
import { useId, useMemo, useState } from 'react';
import type { Deal } from '../../../electron/contract';
import { DEAL_SORTS, OPEN_DEALS, stagesOf } from '../../lib/dealList';
import type { DealSort } from '../../lib/dealList';
import { useT } from '../../platform/i18n';
import { useDeals } from './store';

const isSort = (value: string): value is DealSort => DEAL_SORTS.some((s) => s.value === value);

export function PickerControls({ deals, searching }: { deals: Deal[]; searching: boolean }) {
  const t = useT();
  const view = useDeals((s) => s.view);
  const setView = useDeals((s) => s.setView);
  const stages = useMemo(() => stagesOf(deals, t), [deals, t]);
  const sort = DEAL_SORTS.find((s) => s.value === view.sort);
  const id = useId();
  // The choices are in the page only while open: the list's options are the only ones then.
  const [open, setOpen] = useState(false);
  const sortLabel = searching ? t('deals.view.bestMatch') : sort ? t(sort.label) : '';
  const stageLabel =
    view.stage === ''
      ? t('deals.view.allStages')
      : view.stage === OPEN_DEALS
        ? t('deals.view.openDeals')
        : view.stage;
  return (
    <details className="picker-view" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="visually-hidden">{t('deals.view.summaryLabel')}</span>
        {sortLabel} · {stageLabel}
      </summary>
      {open ? (
        <div className="picker-controls">
          <label htmlFor={`${id}-sort`} className="visually-hidden">
            {t('deals.view.sortLabel')}
          </label>
          <select
            id={`${id}-sort`}
            className="input"
            value={searching ? 'match' : view.sort}
            disabled={searching}
            title={searching ? t('deals.view.bestMatchTitle') : undefined}
            onChange={(e) => {
              if (isSort(e.target.value)) setView({ sort: e.target.value });
            }}
          >
            {searching ? <option value="match">{t('deals.view.bestMatch')}</option> : null}
            {DEAL_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-stage`} className="visually-hidden">
            {t('deals.view.stageLabel')}
          </label>
          <select
            id={`${id}-stage`}
            className="input"
            value={view.stage}
            onChange={(e) => setView({ stage: e.target.value })}
          >
            <option value="">{t('deals.view.allStages')}</option>
            <option value={OPEN_DEALS}>{t('deals.view.openDeals')}</option>
            {stages.map((stage) => (
              <option key={stage} value={stage}>
                {stage}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </details>
  );
}
