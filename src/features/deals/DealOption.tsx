// One deal in the picker: its name, amount, account and stage, with the query's matches marked.
import { useMemo } from 'react';
import type { CSSProperties } from 'react';
import type { Deal } from '../../../electron/contract';
import { dealAmount, humanStage } from '../../lib/deals';
import { highlightParts } from '../../lib/search';

function Highlight({ text, query }: { text: string; query: string }) {
  const parts = useMemo(() => highlightParts(text, query), [text, query]);
  return (
    <>
      {parts.map((p, i) =>
        p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

interface OptionProps {
  deal: Deal;
  id: string;
  query: string;
  active: boolean;
  open: boolean;
  style: CSSProperties;
  onChoose: () => void;
}

export function DealOption({ deal, id, query, active, open, style, onChoose }: OptionProps) {
  const amount = dealAmount(deal);
  const meta = [deal.account, humanStage(deal.stage)].filter(Boolean).join(' · ') || deal.subtitle;
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-current={open ? 'true' : undefined}
      className={`picker-option${active ? ' is-active' : ''}${open ? ' is-open' : ''}`}
      style={style}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onChoose}
    >
      <span className="picker-title">
        <Highlight text={deal.title} query={query} />
      </span>
      {amount ? <span className="picker-amount">{amount}</span> : null}
      <span className="picker-sub">
        <Highlight text={meta ?? ''} query={query} />
      </span>
    </div>
  );
}
