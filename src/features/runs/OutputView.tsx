// The run's output as streaming markdown: finished blocks are memoised elements, only the open
// tail is re-rendered, and only the blocks in view are in the DOM (virtualised), so the cost of a
// frame does not grow with the length of the answer. The answer is part of its page: it has no
// scroll box of its own, the virtualiser works against the page's scroller (../../ui/pageScroll).
// Follows the newest text until the reader scrolls up, then offers "Jump to latest"
// (./useFollowScroll).
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { Token } from 'marked';
import { Block } from '../../ui/markdown';
import { offsetWithin, pageScrollerOf } from '../../ui/pageScroll';
import type { RunOutput } from '../../lib/runOutput';
import { blocksOf } from '../../lib/runOutputBlocks';
import { useFollowScroll } from './useFollowScroll';
import { useT } from '../../platform/i18n';

const ESTIMATED_BLOCK_HEIGHT = 44;
/** The run's sticky action bar covers this much of the page's top. */
const STICKY_BAR_PX = 64;

/**
 * Where the answer starts in its page's scroller. It moves when what is above the answer changes
 * size (an error shown, the deal's details loaded), which resizes the page's content: read again
 * then (a ResizeObserver also answers once as it starts observing).
 */
function useStartInPage(anchor: RefObject<HTMLElement | null>): number {
  const [start, setStart] = useState(0);
  useLayoutEffect(() => {
    const el = anchor.current;
    const scroller = pageScrollerOf(el);
    const content = scroller?.firstElementChild;
    if (!el || !scroller || !content) return undefined;
    const observer = new ResizeObserver(() => setStart(Math.round(offsetWithin(el, scroller))));
    observer.observe(content);
    observer.observe(el);
    return () => observer.disconnect();
  }, [anchor]);
  return start;
}

export function OutputView({
  output,
  streaming,
  label,
  empty,
  followLive = true,
}: {
  output: RunOutput;
  streaming: boolean;
  label: string;
  empty: string;
  /**
   * Whether a live answer takes the view along from its first words. Under a deal's question form
   * (or a meeting card) it does not: the form and the deal stay on screen, and the answer is
   * followed once the reader goes to its latest words.
   */
  followLive?: boolean;
}) {
  const t = useT();
  const source = blocksOf(output);
  const blocks = useSyncExternalStore(source.subscribe, source.getSnapshot);
  const count = blocks.finishedCount + blocks.tail.length;
  const blockAt = (index: number): Token | undefined =>
    index < blocks.finishedCount
      ? blocks.finished[index]
      : blocks.tail[index - blocks.finishedCount];

  const regionRef = useRef<HTMLDivElement>(null);
  const start = useStartInPage(regionRef);

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualiser re-renders through its own state
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => pageScrollerOf(regionRef.current),
    estimateSize: () => ESTIMATED_BLOCK_HEIGHT,
    overscan: 6,
    scrollMargin: start,
    scrollPaddingStart: STICKY_BAR_PX,
  });
  const totalSize = virtualizer.getTotalSize();
  // A finished answer opens at its start, to be read; only a live one follows its newest words.
  const [followFromStart] = useState(streaming && followLive);
  const { paused, jumpToLatest, onKeyDown } = useFollowScroll(
    regionRef,
    start + totalSize,
    () => virtualizer.scrollToIndex(0, { align: 'start' }),
    followFromStart,
  );

  return (
    <div className="output">
      <div
        ref={regionRef}
        className="output-body"
        onKeyDown={onKeyDown}
        tabIndex={0}
        role="region"
        aria-label={label}
        aria-busy={streaming}
      >
        {count === 0 ? (
          <p className="output-empty subtle">{empty}</p>
        ) : (
          <OutputBlocks
            virtualizer={virtualizer}
            start={start}
            totalSize={totalSize}
            blockAt={blockAt}
          />
        )}
        {streaming ? <span className="caret" aria-hidden="true" /> : null}
      </div>
      {paused && streaming ? (
        <button type="button" className="jump-latest" onClick={jumpToLatest}>
          {t('runs.output.jumpToLatest')}
        </button>
      ) : null}
    </div>
  );
}

/** The blocks in view, each measured as it renders so the virtualiser learns its height. */
function OutputBlocks({
  virtualizer,
  start,
  totalSize,
  blockAt,
}: {
  virtualizer: Virtualizer<HTMLElement, Element>;
  start: number;
  totalSize: number;
  blockAt: (index: number) => Token | undefined;
}) {
  const items = virtualizer.getVirtualItems();
  // Item offsets count from the top of the page's content; the window sits in the answer's box.
  const top = (items[0]?.start ?? start) - start;
  return (
    <div className="output-sizer md" style={{ height: totalSize }}>
      <div className="output-window" style={{ transform: `translateY(${top}px)` }}>
        {items.map((item) => {
          const token = blockAt(item.index);
          return (
            <div
              key={item.index}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="output-block"
            >
              {token ? <Block token={token} /> : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
