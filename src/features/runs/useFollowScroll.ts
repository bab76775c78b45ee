// Follows the newest text at the bottom of a scroll area until the reader scrolls up, then lets
// the view stay where the reader put it until they jump back to the latest.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type {
  KeyboardEvent,
  PointerEvent,
  RefObject,
  TouchEvent,
  UIEvent,
  WheelEvent,
} from 'react';
import { SCROLL_UP_KEYS, nextFollowing } from '../../lib/autoScroll';

type Gesture = { kind: 'touch'; y: number } | { kind: 'scrollbar' };

/** Touch and the scrollbar: what the reader's gesture is, and when it means "up". */
function useReaderGesture(readerGoesUp: () => void) {
  /** A gesture of the reader's is under way: touch or the scrollbar held, with where it began. */
  const gesture = useRef<Gesture | undefined>(undefined);
  const endGesture = () => {
    gesture.current = undefined;
  };
  const handlers = {
    onTouchStart(event: TouchEvent<HTMLDivElement>) {
      const touch = event.touches[0];
      if (touch) gesture.current = { kind: 'touch', y: touch.clientY };
    },
    onTouchMove(event: TouchEvent<HTMLDivElement>) {
      const touch = event.touches[0];
      // A finger moving down drags the content down: the view goes up.
      if (touch && gesture.current?.kind === 'touch' && touch.clientY > gesture.current.y + 2) {
        readerGoesUp();
      }
    },
    onTouchEnd: endGesture,
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      const el = event.currentTarget;
      // On the scrollbar: the pointer is past the content box of the scroll area itself.
      if (event.target === el && event.nativeEvent.offsetX >= el.clientWidth) {
        gesture.current = { kind: 'scrollbar' };
      }
    },
    onPointerUp: endGesture,
    onPointerCancel: endGesture,
  };
  return { gesture, handlers };
}

/**
 * `content` and `size` change when there is more to show (new text, or blocks measured taller
 * than estimated): only then is the view moved, so the reader moving it is never undone here.
 * `toStart` takes the view to the first block (Home). `followFromStart` false: the view starts at
 * the top and follows only once the reader goes to the latest (End, Jump to latest).
 */
export function useFollowScroll(
  scrollRef: RefObject<HTMLDivElement | null>,
  content: unknown,
  size: number,
  toStart: () => void,
  followFromStart = true,
) {
  const following = useRef(followFromStart);
  /** Where the view was at the previous scroll event, or where we last put it. */
  const lastTop = useRef(0);
  const [paused, setPaused] = useState(!followFromStart);

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
  }, [scrollRef]);

  useLayoutEffect(() => {
    if (following.current) scrollToBottom();
  }, [content, size, scrollToBottom]);

  const jumpToLatest = () => {
    setFollowing(true);
    scrollToBottom();
  };
  // The wheel, the keys and a finger say "up" before the view moves: stop following at once, so
  // the next frame's text does not pull the view back down mid-gesture.
  const readerGoesUp = () => setFollowing(false);
  const { gesture, handlers: gestureHandlers } = useReaderGesture(readerGoesUp);
  const handlers = {
    onScroll(event: UIEvent<HTMLDivElement>) {
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
    },
    onWheel(event: WheelEvent<HTMLDivElement>) {
      if (event.deltaY < 0) readerGoesUp();
    },
    onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
      // Home and End go by block index: a scroll by pixels would stop short, since blocks not
      // yet measured change size (and the offset with them) on the way.
      if (event.key === 'Home') {
        event.preventDefault();
        readerGoesUp();
        toStart();
      } else if (event.key === 'End') {
        event.preventDefault();
        jumpToLatest();
      } else if (SCROLL_UP_KEYS.has(event.key)) {
        readerGoesUp();
      }
    },
    ...gestureHandlers,
  };

  return { paused, jumpToLatest, handlers };
}
