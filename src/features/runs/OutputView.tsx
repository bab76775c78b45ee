// The run's output as streaming markdown: finished blocks are memoised elements, only the open
// tail is re-rendered, and only the blocks in view are in the DOM (virtualised), so the cost of a
// frame does not grow with the length of the answer. Follows the newest text until the reader
// scrolls up, then offers "Jump to latest".
import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { UIEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Token } from 'marked';
import { nextFollowing } from '../../lib/autoScroll';
import { Block } from '../../ui/markdown';
import type { RunOutput } from './output';
import { blocksOf } from './outputBlocks';

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
  const following = useRef(true);
  const previousTop = useRef(0);
  const programmatic = useRef(false);
  const [paused, setPaused] = useState(false);

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualiser re-renders through its own state
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_BLOCK_HEIGHT,
    overscan: 6,
  });

  const scrollToBottom = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const before = el.scrollTop;
    el.scrollTop = el.scrollHeight;
    // Only a real move produces a scroll event to swallow.
    if (el.scrollTop !== before) programmatic.current = true;
  }, []);

  useLayoutEffect(() => {
    if (following.current) scrollToBottom();
  });

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    const next = nextFollowing({
      following: following.current,
      previousScrollTop: previousTop.current,
      metrics: {
        scrollTop: el.scrollTop,
        scrollHeight: el.scrollHeight,
        clientHeight: el.clientHeight,
      },
      programmatic: programmatic.current,
    });
    programmatic.current = false;
    previousTop.current = el.scrollTop;
    if (next !== following.current) {
      following.current = next;
      setPaused(!next);
    }
  };

  const jumpToLatest = () => {
    following.current = true;
    setPaused(false);
    scrollToBottom();
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div className="output">
      <div
        ref={scrollRef}
        className="output-scroll"
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={label}
        aria-busy={streaming}
      >
        {count === 0 ? (
          <p className="output-empty subtle">{empty}</p>
        ) : (
          <div className="output-sizer md" style={{ height: virtualizer.getTotalSize() }}>
            <div
              className="output-window"
              style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
            >
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
