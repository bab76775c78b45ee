// The run's output as streaming markdown: finished blocks are memoised elements, only the open
// tail is re-rendered, and only the blocks in view are in the DOM (virtualised), so the cost of a
// frame does not grow with the length of the answer. Follows the newest text until the reader
// scrolls up, then offers "Jump to latest".
import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { KeyboardEvent, PointerEvent, TouchEvent, UIEvent, WheelEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Token } from 'marked';
import { SCROLL_UP_KEYS, nextFollowing } from '../../lib/autoScroll';
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
  /** Where the view was at the previous scroll event, or where we last put it. */
  const lastTop = useRef(0);
  /** A gesture of the reader's is under way: touch or the scrollbar held, with where it began. */
  const gesture = useRef<{ kind: 'touch'; y: number } | { kind: 'scrollbar' } | undefined>(
    undefined,
  );
  const [paused, setPaused] = useState(false);

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualiser re-renders through its own state
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_BLOCK_HEIGHT,
    overscan: 6,
  });

  const setFollowing = useCallback((next: boolean) => {
    if (next === following.current) return;
    following.current = next;
    setPaused(!next);
  }, []);

  const scrollToBottom = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    // Our own move is the new reference: a reader's scroll up from here must read as up.
    lastTop.current = el.scrollTop;
  }, []);

  // Only when there is more to show (new text, or blocks measured taller than estimated): the
  // reader moving the view is never undone here.
  const totalSize = virtualizer.getTotalSize();
  useLayoutEffect(() => {
    if (following.current) scrollToBottom();
  }, [blocks, totalSize, scrollToBottom]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    const movedUp = el.scrollTop < lastTop.current - 1;
    setFollowing(
      nextFollowing({
        following: following.current,
        previousScrollTop: lastTop.current,
        metrics: {
          scrollTop: el.scrollTop,
          scrollHeight: el.scrollHeight,
          clientHeight: el.clientHeight,
        },
        readerScrolledUp: movedUp && gesture.current?.kind === 'scrollbar',
      }),
    );
    lastTop.current = el.scrollTop;
  };

  // The wheel, the keys and a finger say "up" before the view moves: stop following at once, so
  // the next frame's text does not pull the view back down mid-gesture.
  const readerGoesUp = () => setFollowing(false);
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (event.deltaY < 0) readerGoesUp();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Home and End go by block index: a scroll by pixels would stop short, since blocks not yet
    // measured change size (and the offset with them) on the way.
    if (event.key === 'Home') {
      event.preventDefault();
      readerGoesUp();
      virtualizer.scrollToIndex(0, { align: 'start' });
    } else if (event.key === 'End') {
      event.preventDefault();
      jumpToLatest();
    } else if (SCROLL_UP_KEYS.has(event.key)) {
      readerGoesUp();
    }
  };
  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    if (touch) gesture.current = { kind: 'touch', y: touch.clientY };
  };
  const onTouchMove = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    // A finger moving down drags the content down: the view goes up.
    if (touch && gesture.current?.kind === 'touch' && touch.clientY > gesture.current.y + 2) {
      readerGoesUp();
    }
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    // On the scrollbar: the pointer is past the content box of the scroll area itself.
    if (event.target === el && event.nativeEvent.offsetX >= el.clientWidth) {
      gesture.current = { kind: 'scrollbar' };
    }
  };
  const endGesture = () => {
    gesture.current = undefined;
  };

  const jumpToLatest = () => {
    setFollowing(true);
    scrollToBottom();
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div className="output">
      <div
        ref={scrollRef}
        className="output-scroll"
        onScroll={onScroll}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={endGesture}
        onPointerDown={onPointerDown}
        onPointerUp={endGesture}
        onPointerCancel={endGesture}
        tabIndex={0}
        role="region"
        aria-label={label}
        aria-busy={streaming}
      >
        {count === 0 ? (
          <p className="output-empty subtle">{empty}</p>
        ) : (
          <div className="output-sizer md" style={{ height: totalSize }}>
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
