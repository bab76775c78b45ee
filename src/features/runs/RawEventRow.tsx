// One row of the raw events list: its number, its kind and a one-line summary; a row whose page
// has not come yet holds its place.
import type { CSSProperties } from 'react';
import type { RunEvent } from '../../../electron/contract';

function summary(event: RunEvent): string {
  switch (event.type) {
    case 'output':
      return JSON.stringify(event.text);
    case 'status':
      return event.status;
    case 'final':
      return `${event.status}${event.error ? ` · ${event.error.code}: ${event.error.message}` : ''}`;
    case 'error':
      return `${event.code}: ${event.message}`;
    case 'other':
      return event.data;
  }
}

function kindOf(event: RunEvent): string {
  return event.type === 'other' ? event.name : (event.name ?? event.type);
}

interface RowProps {
  index: number;
  event: RunEvent | undefined;
  style: CSSProperties;
  selected: boolean;
  onSelect: (index: number) => void;
}

export function RawEventRow({ index, event, style, selected, onSelect }: RowProps) {
  if (!event) {
    return (
      <div className="raw-row raw-row-pending" style={style} aria-hidden="true">
        <span className="raw-index">{index + 1}</span>
        <span className="raw-summary">…</span>
      </div>
    );
  }
  return (
    <button
      type="button"
      data-index={index}
      className={`raw-row${selected ? ' is-selected' : ''}`}
      style={style}
      onClick={() => onSelect(index)}
      aria-pressed={selected}
    >
      <span className="raw-index">{index + 1}</span>
      <span className={`raw-kind raw-kind-${event.type}`}>{kindOf(event)}</span>
      <span className="raw-summary">{summary(event)}</span>
    </button>
  );
}
