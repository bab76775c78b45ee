// Search-as-you-type over name, account and stage (accent- and case-insensitive, ranked), driven
// by the keyboard: arrows, Home/End and Enter; long lists are virtualised and the filtering is
// deferred so typing never waits for the list. When the picker holds only part of the deals it
// says so, and a search also goes through the rest (by the service, or page by page in core).
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Deal } from '../../../electron/contract';
import { navigate } from '../../app/router';
import { useUi } from '../../app/ui-store';
import { dealAmount, humanStage } from '../../lib/deals';
import { formatNumber } from '../../lib/format';
import { buildIndex, highlightParts, search } from '../../lib/search';
import { EmptyState, ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { Freshness } from '../../ui/Freshness';
import { useDeals } from './store';

const ROW_HEIGHT = 56;

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

const SEARCH_REST_DELAY_MS = 300;

const DEAL_FIELDS = [
  { get: (d: Deal) => d.title, weight: 3 },
  { get: (d: Deal) => d.account, weight: 2 },
  { get: (d: Deal) => humanStage(d.stage), weight: 1 },
];

/** What the line above the list says: how many, and whether the rest is being searched. */
function countLine(
  shown: number,
  loaded: number,
  query: string,
  book: { truncated: boolean; total?: number },
  restLoading: boolean,
): string {
  const all = book.total === undefined ? undefined : formatNumber(book.total);
  if (query === '') {
    if (!book.truncated) return `${formatNumber(loaded)} deals`;
    return all === undefined
      ? `Showing the first ${formatNumber(loaded)} deals — type to search the rest`
      : `Showing ${formatNumber(loaded)} of ${all} deals — type to search the rest`;
  }
  if (!book.truncated) return `${formatNumber(shown)} of ${formatNumber(loaded)} deals`;
  if (restLoading) return `Searching all ${all ?? ''} deals…`.replace('  ', ' ');
  return `${formatNumber(shown)} found among all ${all ?? ''} deals`.replace('  ', ' ');
}

export function DealPicker({ selectedId }: { selectedId: string | undefined }) {
  const list = useDeals((s) => s.list);
  const book = useDeals((s) => s.book);
  const rest = useDeals((s) => s.rest);
  const searchRest = useDeals((s) => s.searchRest);
  const query = useDeals((s) => s.query);
  const setQuery = useDeals((s) => s.setQuery);
  const loadList = useDeals((s) => s.loadList);
  const deferredQuery = useDeferredValue(query);
  const focusRequest = useUi((s) => s.searchFocusRequest);
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    // `/` is "search again": the old query is selected, so typing replaces it.
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [focusRequest]);

  const index = useMemo(() => buildIndex(list.value ?? [], DEAL_FIELDS), [list.value]);
  const local = useMemo(() => search(index, deferredQuery), [index, deferredQuery]);

  // Past what is loaded, the search also goes to every deal, once typing pauses.
  useEffect(() => {
    if (!book.truncated) return;
    const timer = setTimeout(() => void searchRest(deferredQuery), SEARCH_REST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [book.truncated, deferredQuery, searchRest]);
  const restForQuery =
    book.truncated && rest !== undefined && rest.query === deferredQuery.trim() ? rest : undefined;
  const results = useMemo(() => {
    const found = restForQuery?.items;
    if (found === undefined || found.length === 0) return local;
    // The loaded deals' matches first (ranked), then what only the full search found.
    const seen = new Set(local.map((d) => d.id));
    return [...local, ...found.filter((d) => !seen.has(d.id))];
  }, [local, restForQuery]);
  const current = Math.min(active, Math.max(0, results.length - 1));

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualiser re-renders through its own state
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  const move = (to: number) => {
    if (results.length === 0) return;
    const next = Math.max(0, Math.min(results.length - 1, to));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const open = (deal: Deal | undefined) => {
    if (deal) navigate({ name: 'deals', dealId: deal.id });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(current - 1);
        break;
      case 'PageDown':
        event.preventDefault();
        move(current + 8);
        break;
      case 'PageUp':
        event.preventDefault();
        move(current - 8);
        break;
      case 'Home':
        if (results.length === 0) break;
        event.preventDefault();
        move(0);
        break;
      case 'End':
        if (results.length === 0) break;
        event.preventDefault();
        move(results.length - 1);
        break;
      case 'Enter':
        event.preventDefault();
        open(results[current]);
        break;
      case 'Escape':
        if (query !== '') {
          event.preventDefault();
          setQuery('');
          setActive(0);
        }
        break;
    }
  };

  const optionId = (i: number) => `${listId}-o${i}`;
  const activeDeal = results[current];
  const total = list.value?.length ?? 0;
  const restLoading =
    book.truncated && deferredQuery.trim() !== '' && (restForQuery?.loading ?? true);

  return (
    <div className="picker">
      <div className="picker-head">
        <label htmlFor={`${listId}-input`} className="visually-hidden">
          Search deals
        </label>
        <input
          ref={inputRef}
          id={`${listId}-input`}
          className="input picker-input"
          type="search"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeDeal ? optionId(current) : undefined}
          aria-keyshortcuts="/"
          placeholder="Search deals by name, account or stage  ( / )"
          value={query}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            scrollRef.current?.scrollTo({ top: 0 });
          }}
          onKeyDown={onKeyDown}
        />
        <div className="picker-meta">
          <span className="subtle" aria-live="polite">
            {list.value ? countLine(results.length, total, query.trim(), book, restLoading) : ''}
          </span>
          <Freshness state={list} onRefresh={() => void loadList(true)} label="deals" />
        </div>
      </div>
      {list.error && list.value ? (
        <InlineError error={list.error} onRetry={() => void loadList(true)} />
      ) : null}
      {restForQuery?.error ? (
        <InlineError error={restForQuery.error} onRetry={() => void searchRest(deferredQuery)} />
      ) : null}
      {!list.value && list.error ? (
        <ErrorState
          title="Could not load deals"
          error={list.error}
          onRetry={() => void loadList(true)}
          retrying={list.loading}
        />
      ) : !list.value ? (
        <Skeleton lines={8} label="Loading deals…" />
      ) : results.length === 0 && restLoading ? (
        <Skeleton lines={3} label="Searching every deal…" />
      ) : results.length === 0 ? (
        <EmptyState title={total === 0 ? 'No deals yet' : 'No deal matches'}>
          {total === 0
            ? 'Deals from the service show up here.'
            : `Nothing matches “${query}”. Try part of the name, the account or the stage.`}
        </EmptyState>
      ) : (
        <div
          ref={scrollRef}
          className="picker-scroll"
          // Focusable so the list scrolls by keyboard too; the keys work as in the search field.
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          <div
            id={listId}
            role="listbox"
            aria-label="Deals"
            className="picker-list"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const deal = results[item.index];
              if (!deal) return null;
              const isActive = item.index === current;
              const amount = dealAmount(deal);
              const meta =
                [deal.account, humanStage(deal.stage)].filter(Boolean).join(' · ') || deal.subtitle;
              return (
                <div
                  key={deal.id}
                  id={optionId(item.index)}
                  role="option"
                  aria-selected={isActive}
                  aria-current={deal.id === selectedId ? 'true' : undefined}
                  className={`picker-option${isActive ? ' is-active' : ''}${deal.id === selectedId ? ' is-open' : ''}`}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    setActive(item.index);
                    open(deal);
                  }}
                >
                  <span className="picker-title">
                    <Highlight text={deal.title} query={deferredQuery} />
                  </span>
                  {amount ? <span className="picker-amount">{amount}</span> : null}
                  <span className="picker-sub">
                    <Highlight text={meta ?? ''} query={deferredQuery} />
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
