// Every raw event of a run, output deltas and unknown kinds included, as a virtualised list; the
// selected event is shown in full below it. The events are read from the run's transcript in
// core a page at a time (see ./rawEventPages), only while this panel is open, so streaming
// costs nothing more while it is closed.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RunEvent } from '../../../electron/contract';
import { call, toErrorData } from '../../app/api';
import { isAtBottom } from '../../lib/autoScroll';
import { formatNumber } from '../../lib/format';
import { InlineError } from '../../ui/Feedback';
import type { RunOutput } from './output';
import { RawEventPages } from './rawEventPages';

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

/** Whether the view shows the end of content `height` pixels tall (within half a row). */
function atBottom(element: HTMLElement, height: number): boolean {
  const { scrollTop, clientHeight } = element;
  return isAtBottom({ scrollTop, scrollHeight: height, clientHeight }, ROW_HEIGHT / 2);
}

export function RawEvents({ output }: { output: RunOutput }) {
  // Another run gets another cache: nothing of the previous run's events is kept or shown.
  return <RawEventList key={output.runId} output={output} />;
}

function RawEventList({ output }: { output: RunOutput }) {
  const runId = output.runId;
  const [pages] = useState(
    () =>
      new RawEventPages(
        (offset, limit) => call('runs.events', { runId, offset, limit }),
        toErrorData,
      ),
  );
  const state = useSyncExternalStore(pages.subscribe, pages.getSnapshot);
  useEffect(() => {
    pages.start();
    // A live run's output changed: it has stored more events. Finished runs never change.
    const unsubscribe = output.subscribe(() => pages.refresh());
    return () => {
      unsubscribe();
      pages.stop();
    };
  }, [pages, output]);

  const total = state.total ?? 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualiser re-renders through its own state
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index;
  const last = items.at(-1)?.index;
  useEffect(() => {
    if (first !== undefined && last !== undefined) pages.ensure(first, last);
  }, [pages, first, last, total]);

  // Follow new events while the user is at the bottom (not on the first answer, which starts at
  // the top); anywhere else, the scroll position stays where the user left it. "At the bottom"
  // compares where the user is now with the height before the new rows: a scroll event may not
  // have been delivered yet when rows arrive in the same frame.
  const seen = useRef<{ total: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || state.total === null) return;
    const before = seen.current;
    if (before !== null && state.total > before.total && atBottom(element, before.height)) {
      element.scrollTop = element.scrollHeight;
    }
    seen.current = { total: state.total, height: element.scrollHeight };
  }, [state.total]);

  // Keyboard selection moves focus to the chosen row once it is rendered (it may need a page).
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const index = focusRow.current;
    if (index === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!row) return;
    focusRow.current = null;
    row.focus({ preventScroll: true });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (total === 0) return;
    const visibleRows = Math.max(
      1,
      Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1,
    );
    const current = selected ?? (first ?? 0) - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowDown':
        next = current + 1;
        break;
      case 'ArrowUp':
        next = current - 1;
        break;
      case 'PageDown':
        next = current + visibleRows;
        break;
      case 'PageUp':
        next = current - visibleRows;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = total - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    next = Math.min(total - 1, Math.max(0, next));
    setSelected(next);
    focusRow.current = next;
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  if (!state.recorded) {
    return (
      <div className="raw-events">
        <p className="subtle">No raw events were recorded on this computer for this run.</p>
      </div>
    );
  }

  const chosen = selected !== null ? pages.event(selected) : undefined;
  return (
    <div className="raw-events">
      <p className="subtle">
        {state.total === null
          ? 'Loading events…'
          : `${formatNumber(total)} event${total === 1 ? '' : 's'}`}
      </p>
      {state.error ? <InlineError error={state.error} onRetry={() => pages.retry()} /> : null}
      <div
        ref={scrollRef}
        className="raw-scroll"
        tabIndex={0}
        role="region"
        aria-label="Raw events"
        onKeyDown={onKeyDown}
      >
        <div className="raw-sizer" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const event = pages.event(item.index);
            const style = { transform: `translateY(${item.start}px)`, height: ROW_HEIGHT };
            if (!event) {
              return (
                <div
                  key={item.index}
                  className="raw-row raw-row-pending"
                  style={style}
                  aria-hidden="true"
                >
                  <span className="raw-index">{item.index + 1}</span>
                  <span className="raw-summary">…</span>
                </div>
              );
            }
            return (
              <button
                type="button"
                key={item.index}
                data-index={item.index}
                className={`raw-row${selected === item.index ? ' is-selected' : ''}`}
                style={style}
                onClick={() => setSelected(item.index)}
                aria-pressed={selected === item.index}
              >
                <span className="raw-index">{item.index + 1}</span>
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
      ) : selected !== null ? (
        <p className="subtle">Loading event {formatNumber(selected + 1)}…</p>
      ) : null}
    </div>
  );
}
