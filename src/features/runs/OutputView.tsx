// The run's output as streaming markdown: finished blocks are memoised elements, only the open
// tail is re-rendered, and only the blocks in view are in the DOM (virtualised), so the cost of a
// frame does not grow with the length of the answer. Follows the newest text until the reader
// scrolls up, then offers "Jump to latest" (./useFollowScroll).
import { useRef, useState, useSyncExternalStore } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { Token } from 'marked';
import { Block } from '../../ui/markdown';
import type { RunOutput } from './output';
import { blocksOf } from './outputBlocks';
import { useFollowScroll } from './useFollowScroll';

const ESTIMATED_BLOCK_HEIGHT = 44;

export function OutputView({
  output,
  streaming,
  label,
  empty,
}: {
  output: RunOutput;
  streaming: boolean;
  label: string;
  empty: string;
}) {
  const source = blocksOf(output);
  const blocks = useSyncExternalStore(source.subscribe, source.getSnapshot);
  const count = blocks.finishedCount + blocks.tail.length;
  const blockAt = (index: number): Token | undefined =>
    index < blocks.finishedCount
      ? blocks.finished[index]
      : blocks.tail[index - blocks.finishedCount];

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualiser re-renders through its own state
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_BLOCK_HEIGHT,
    overscan: 6,
  });
  const totalSize = virtualizer.getTotalSize();
  // A finished answer opens at its start, to be read; only a live one follows its newest words.
  const [followFromStart] = useState(streaming);
  const { paused, jumpToLatest, handlers } = useFollowScroll(
    scrollRef,
    blocks,
    totalSize,
    () => virtualizer.scrollToIndex(0, { align: 'start' }),
    followFromStart,
  );

  return (
    <div className="output">
      <div
        ref={scrollRef}
        className="output-scroll"
        {...handlers}
        tabIndex={0}
        role="region"
        aria-label={label}
        aria-busy={streaming}
      >
        {count === 0 ? (
          <p className="output-empty subtle">{empty}</p>
        ) : (
          <OutputBlocks virtualizer={virtualizer} totalSize={totalSize} blockAt={blockAt} />
        )}
        {streaming ? <span className="caret" aria-hidden="true" /> : null}
      </div>
      {paused && streaming ? (
        <button type="button" className="jump-latest" onClick={jumpToLatest}>
          ↓ Jump to latest
        </button>
      ) : null}
    </div>
  );
}

/** The blocks in view, each measured as it renders so the virtualiser learns its height. */
function OutputBlocks({
  virtualizer,
  totalSize,
  blockAt,
}: {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  totalSize: number;
  blockAt: (index: number) => Token | undefined;
}) {
  const items = virtualizer.getVirtualItems();
  return (
    <div className="output-sizer md" style={{ height: totalSize }}>
      <div className="output-window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
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
