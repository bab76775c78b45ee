// Every raw event of a run, unknown kinds included, as a virtualised list; the selected event is
// shown in full below it.
import { useRef, useState, useSyncExternalStore } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RunEvent } from '../../../electron/contract';
import type { RunOutput } from './output';

const ROW_HEIGHT = 24;

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

export function RawEvents({ output }: { output: RunOutput }) {
  const snapshot = useSyncExternalStore(output.subscribe, output.getSnapshot);
  const events = output.rawEvents();
  const count = Math.min(snapshot.eventCount, events.length);
  const omitted = output.eventsOmitted;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualiser re-renders through its own state
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const chosen = selected !== null ? events[selected] : undefined;

  return (
    <div className="raw-events">
      <p className="subtle">
        {count} event{count === 1 ? '' : 's'}
        {omitted > 0 ? ` (${omitted} earlier not kept here; see the stored transcript)` : ''}
      </p>
      <div
        ref={scrollRef}
        className="raw-scroll"
        tabIndex={0}
        role="region"
        aria-label="Raw events"
      >
        <div className="raw-sizer" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const event = events[item.index];
            if (!event) return null;
            return (
              <button
                type="button"
                key={item.index}
                className={`raw-row${selected === item.index ? ' is-selected' : ''}`}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                onClick={() => setSelected(item.index)}
                aria-pressed={selected === item.index}
              >
                <span className="raw-index">{item.index + omitted + 1}</span>
                <span className={`raw-kind raw-kind-${event.type}`}>{kindOf(event)}</span>
                <span className="raw-summary">{summary(event)}</span>
              </button>
            );
          })}
        </div>
      </div>
      {chosen ? (
        <pre className="raw-detail" tabIndex={0} aria-label="Selected event">
          {JSON.stringify(chosen, null, 2)}
        </pre>
      ) : null}
    </div>
  );
}
