// Above the deal list: how it is sorted and which stage it shows, folded into one line that says
// so ("Closing soonest · All stages") until opened, so the list keeps its room.
import { useId, useMemo, useState } from 'react';
import type { Deal } from '../../../electron/contract';
import { DEAL_SORTS, OPEN_DEALS, stagesOf } from '../../lib/dealList';
import type { DealSort } from '../../lib/dealList';
import { useDeals } from './store';

const isSort = (value: string): value is DealSort => DEAL_SORTS.some((s) => s.value === value);

export function PickerControls({ deals, searching }: { deals: Deal[]; searching: boolean }) {
  const view = useDeals((s) => s.view);
  const setView = useDeals((s) => s.setView);
  const stages = useMemo(() => stagesOf(deals), [deals]);
  const id = useId();
  // The choices are in the page only while open: the list's options are the only ones then.
  const [open, setOpen] = useState(false);
  const sortLabel = searching
    ? 'Best match first'
    : (DEAL_SORTS.find((s) => s.value === view.sort)?.label ?? '');
  const stageLabel =
    view.stage === '' ? 'All stages' : view.stage === OPEN_DEALS ? 'Open deals' : view.stage;
  return (
    <details className="picker-view" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="visually-hidden">Sort and filter: </span>
        {sortLabel} · {stageLabel}
      </summary>
      {open ? (
        <div className="picker-controls">
          <label htmlFor={`${id}-sort`} className="visually-hidden">
            Sort deals
          </label>
          <select
            id={`${id}-sort`}
            className="input"
            value={searching ? 'match' : view.sort}
            disabled={searching}
            title={searching ? 'While searching, the best matches come first' : undefined}
            onChange={(e) => {
              if (isSort(e.target.value)) setView({ sort: e.target.value });
            }}
          >
            {searching ? <option value="match">Best match first</option> : null}
            {DEAL_SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-stage`} className="visually-hidden">
            Stage
          </label>
          <select
            id={`${id}-stage`}
            className="input"
            value={view.stage}
            onChange={(e) => setView({ stage: e.target.value })}
          >
            <option value="">All stages</option>
            <option value={OPEN_DEALS}>Open deals</option>
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
