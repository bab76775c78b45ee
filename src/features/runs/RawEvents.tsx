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
  type RefObject,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { call, toErrorData } from '../../platform/api';
import { isAtBottom } from '../../lib/autoScroll';
import { InlineError } from '../../ui/Feedback';
import type { RunOutput } from '../../lib/runOutput';
import { RawEventPages } from './rawEventPages';
import { rowAfterKey } from './rawEventKeys';
import { RawEventRow } from './RawEventRow';
import { useT } from '../../platform/i18n';

const ROW_HEIGHT = 24;

/** Whether the view shows the end of content `height` pixels tall (within half a row). */
function atBottom(element: HTMLElement, height: number): boolean {
  const { scrollTop, clientHeight } = element;
  return isAtBottom({ scrollTop, scrollHeight: height, clientHeight }, ROW_HEIGHT / 2);
}

export function RawEvents({ output }: { output: RunOutput }) {
  // Another run gets another cache: nothing of the previous run's events is kept or shown.
  return <RawEventList key={output.runId} output={output} />;
}

/** The run's stored events, read a page at a time while the list is open. */
function useRawEventPages(output: RunOutput) {
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
  return { pages, state };
}

/**
 * Follow new events while the user is at the bottom (not on the first answer, which starts at
 * the top); anywhere else, the scroll position stays where the user left it. "At the bottom"
 * compares where the user is now with the height before the new rows: a scroll event may not
 * have been delivered yet when rows arrive in the same frame.
 */
function useFollowNewRows(scrollRef: RefObject<HTMLDivElement | null>, total: number | null) {
  const seen = useRef<{ total: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || total === null) return;
    const before = seen.current;
    if (before !== null && total > before.total && atBottom(element, before.height)) {
      element.scrollTop = element.scrollHeight;
    }
    seen.current = { total, height: element.scrollHeight };
  }, [scrollRef, total]);
}

/** Keyboard selection moves focus to the chosen row once it is rendered (it may need a page). */
function useFocusRow(scrollRef: RefObject<HTMLDivElement | null>) {
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const index = focusRow.current;
    if (index === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!row) return;
    focusRow.current = null;
    row.focus({ preventScroll: true });
  });
  return (index: number) => {
    focusRow.current = index;
  };
}

function RawEventList({ output }: { output: RunOutput }) {
  const t = useT();
  const { pages, state } = useRawEventPages(output);
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
  useFollowNewRows(scrollRef, state.total);
  const focusRowWhenShown = useFocusRow(scrollRef);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (total === 0) return;
    const visibleRows = Math.max(
      1,
      Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1,
    );
    const next = rowAfterKey(event.key, selected ?? (first ?? 0) - 1, total, visibleRows);
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    focusRowWhenShown(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  if (!state.recorded) {
    return (
      <div className="raw-events">
        <p className="subtle">{t('runs.events.notRecorded')}</p>
      </div>
    );
  }

  const chosen = selected !== null ? pages.event(selected) : undefined;
  return (
    <div className="raw-events">
      <p className="subtle">
        {state.total === null ? t('runs.events.loading') : t('runs.events.count', { count: total })}
      </p>
      {state.error ? <InlineError error={state.error} onRetry={() => pages.retry()} /> : null}
      <div
        ref={scrollRef}
        className="raw-scroll"
        tabIndex={0}
        role="region"
        aria-label={t('runs.events.title')}
        onKeyDown={onKeyDown}
      >
        <div className="raw-sizer" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => (
            <RawEventRow
              key={item.index}
              index={item.index}
              event={pages.event(item.index)}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              selected={selected === item.index}
              onSelect={setSelected}
            />
          ))}
        </div>
      </div>
      {chosen ? (
        <pre className="raw-detail" tabIndex={0} aria-label={t('runs.events.selected')}>
          {JSON.stringify(chosen, null, 2)}
        </pre>
      ) : selected !== null ? (
        <p className="subtle">{t('runs.events.loadingOne', { number: selected + 1 })}</p>
      ) : null}
    </div>
  );
}
