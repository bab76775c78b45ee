// Search-as-you-type over name, account and stage (accent- and case-insensitive, ranked), driven
// by the keyboard: arrows, Home/End and Enter; long lists are virtualised and the filtering is
// deferred so typing never waits for the list. When the picker holds only part of the deals it
// says so, and a search also goes through the rest (by the service, or page by page in core).
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { Deal } from '../../../electron/contract';
import type { Loadable } from '../../platform/loadable';
import { navigate } from '../../platform/router';
import { useDealSearchFocus } from '../../platform/dealSearchFocus';
import { takeHeldKeys, whenNotComposing } from '../../platform/heldKeys';
import { useSettledEnter } from '../../platform/useSettledEnter';
import { useT } from '../../platform/i18n';
import type { HeldKeys } from '../../platform/heldKeys';
import { EmptyState, ErrorState, InlineError, Skeleton } from '../../ui/Feedback';
import { Freshness } from '../../ui/Freshness';
import { DealOption } from './DealOption';
import { PickerControls } from './PickerControls';
import { countLine, pickerStep } from './pickerRules';
import type { CountLineInput } from './pickerRules';
import { useDeals } from './store';
import { useDealSearch } from './useDealSearch';
import { useRichT } from '../../ui/richText';

const ROW_HEIGHT = 56;

const open = (deal: Deal | undefined) => {
  if (deal) navigate({ name: 'deals', dealId: deal.id });
};

/**
 * Takes focus when asked (`/`, the palette, the global shortcut), the old query selected, and
 * the keys typed since it was asked (see heldKeys.ts) as if typed into it.
 */
function useSearchFocusRequests(
  inputRef: RefObject<HTMLInputElement | null>,
  onHeld: (keys: HeldKeys) => void,
): void {
  const focusRequest = useDealSearchFocus((s) => s.requests);
  const onHeldRef = useRef(onHeld);
  useEffect(() => {
    onHeldRef.current = onHeld;
  });
  useEffect(() => {
    if (focusRequest === 0) return;
    // Not in the middle of an input method's composition (see heldKeys.ts).
    whenNotComposing(() => {
      const input = inputRef.current;
      if (!input) return;
      input.focus();
      const keys = takeHeldKeys('deal-search');
      // `/` is "search again": the old query is selected, so typing replaces it.
      input.select();
      if (keys && (keys.text !== '' || keys.enter)) onHeldRef.current(keys);
    });
  }, [focusRequest, inputRef]);
}

/** Whether the results shown are those for `query`: Enter waits for them, never opening a stale one. */
function resultsAreFor(
  query: string,
  deferredQuery: string,
  search: { list: Loadable<Deal[]>; restLoading: boolean },
): boolean {
  if (query !== deferredQuery) return false;
  if (!search.list.value) return search.list.error !== undefined && !search.list.loading;
  return !search.restLoading;
}

/**
 * The highlighted result. A deal opened from elsewhere (the palette, a link, a notification)
 * becomes the highlighted one, once it is in the results: the list never points at the deal that
 * was open before.
 */
function useActiveResult(results: Deal[], selectedId: string | undefined) {
  const [active, setActive] = useState(0);
  const [syncedTo, setSyncedTo] = useState<string | undefined>(undefined);
  if (selectedId !== undefined && selectedId !== syncedTo) {
    const index = results.findIndex((deal) => deal.id === selectedId);
    if (index >= 0) {
      setSyncedTo(selectedId);
      setActive(index);
    }
  }
  const current = Math.min(active, Math.max(0, results.length - 1));
  return [current, setActive] as const;
}

interface StatesProps {
  list: Loadable<Deal[]>;
  found: number;
  restLoading: boolean;
  query: string;
  onRetry: () => void;
  /** The options, shown when something was found. */
  children: ReactNode;
}

/** The list while it loads, when it failed or found nothing, and otherwise the options. */
function PickerStates({ list, found, restLoading, query, onRetry, children }: StatesProps) {
  const t = useT();
  const richT = useRichT();
  const total = list.value?.length ?? 0;
  if (!list.value && list.error) {
    return (
      <ErrorState
        title={t('deals.picker.loadError')}
        error={list.error}
        onRetry={onRetry}
        retrying={list.loading}
      />
    );
  }
  if (!list.value) return <Skeleton lines={8} label={t('deals.picker.loading')} />;
  if (found === 0 && restLoading) {
    return <Skeleton lines={3} label={t('deals.picker.searchingEvery')} />;
  }
  if (found === 0) {
    return (
      <EmptyState
        title={total === 0 ? t('deals.picker.emptyTitle') : t('deals.picker.noMatchTitle')}
      >
        {total === 0
          ? t('deals.picker.emptyBody')
          : richT('deals.picker.noMatchBody', {
              query,
              // What was typed keeps its own direction inside the sentence.
              typed: (chunks) => <bdi key="typed">{chunks}</bdi>,
            })}
      </EmptyState>
    );
  }
  return children;
}

/** The line above the list: how many deals, from where, and how fresh. */
function PickerMeta(props: {
  list: Loadable<Deal[]>;
  book: CountLineInput['book'];
  restLoading: boolean;
  fromService: number;
  total: number;
  shown: number;
  query: string;
  reload: () => void;
}) {
  const { list, book, restLoading, fromService, total, shown, query } = props;
  const t = useT();
  const filtered = useDeals((s) => s.view.stage !== '');
  return (
    <div className="picker-meta">
      <span className="subtle" aria-live="polite">
        {list.value
          ? countLine({ shown, loaded: total, query, book, restLoading, fromService, filtered }, t)
          : ''}
      </span>
      <Freshness state={list} onRefresh={props.reload} label={t('deals.picker.freshnessSubject')} />
    </div>
  );
}

export function DealPicker({ selectedId }: { selectedId: string | undefined }) {
  const t = useT();
  const query = useDeals((s) => s.query);
  const setQuery = useDeals((s) => s.setQuery);
  const loadList = useDeals((s) => s.loadList);
  const deferredQuery = useDeferredValue(query);
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  const { list, book, results, fromService, restLoading, restError, retryRest } =
    useDealSearch(deferredQuery);
  const [current, setActive] = useActiveResult(results, selectedId);
  const enter = useSettledEnter(resultsAreFor(query, deferredQuery, { list, restLoading }), () =>
    open(results[current]),
  );
  useSearchFocusRequests(inputRef, (keys) => {
    if (keys.text !== '') {
      setQuery(keys.text);
      setActive(0);
      if (keys.enter) enter.pressAfterUpdate();
    } else if (keys.enter) enter.press();
  });

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualiser re-renders through its own state
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const to = pickerStep(event.key, current, results.length);
    if (to !== undefined) {
      event.preventDefault();
      if (results.length === 0) return;
      const next = Math.max(0, Math.min(results.length - 1, to));
      setActive(next);
      virtualizer.scrollToIndex(next, { align: 'auto' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      enter.press();
    } else if (event.key === 'Escape' && query !== '') {
      event.preventDefault();
      setQuery('');
      setActive(0);
    }
  };

  const optionId = (i: number) => `${listId}-o${i}`;
  const total = list.value?.length ?? 0;
  const reload = () => void loadList(true);
  return (
    <div className="picker">
      <div className="picker-head">
        <label htmlFor={`${listId}-input`} className="visually-hidden">
          {t('deals.picker.searchLabel')}
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
          aria-activedescendant={results[current] ? optionId(current) : undefined}
          aria-keyshortcuts="/"
          placeholder={t('deals.picker.searchPlaceholder')}
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
        <PickerControls deals={list.value ?? []} searching={query.trim() !== ''} />
        <PickerMeta
          {...{ list, book, restLoading, fromService, total, reload }}
          shown={results.length}
          query={query.trim()}
        />
      </div>
      {list.error && list.value ? <InlineError error={list.error} onRetry={reload} /> : null}
      {restError ? <InlineError error={restError} onRetry={retryRest} /> : null}
      <PickerStates {...{ list, restLoading, query }} found={results.length} onRetry={reload}>
        <DealOptions
          {...{ scrollRef, virtualizer, results, current, selectedId, listId, onKeyDown }}
          query={deferredQuery}
          onChoose={(index) => {
            setActive(index);
            open(results[index]);
          }}
        />
      </PickerStates>
    </div>
  );
}

interface OptionsProps {
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  results: Deal[];
  current: number;
  selectedId: string | undefined;
  listId: string;
  query: string;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onChoose: (index: number) => void;
}

/** The deals found, virtualised: only the rows in view are in the DOM. */
function DealOptions(props: OptionsProps) {
  const { scrollRef, virtualizer, results, current, selectedId, listId } = props;
  const t = useT();
  return (
    <div
      ref={scrollRef}
      className="picker-scroll"
      // Focusable so the list scrolls by keyboard too; the keys work as in the search field.
      tabIndex={0}
      onKeyDown={props.onKeyDown}
    >
      <div
        id={listId}
        role="listbox"
        aria-label={t('deals.picker.listLabel')}
        className="picker-list"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const deal = results[item.index];
          if (!deal) return null;
          return (
            <DealOption
              key={deal.id}
              deal={deal}
              id={`${listId}-o${item.index}`}
              query={props.query}
              active={item.index === current}
              open={deal.id === selectedId}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              onChoose={() => props.onChoose(item.index)}
            />
          );
        })}
      </div>
    </div>
  );
}
