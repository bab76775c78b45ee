// Follows the newest text of an answer as it streams, by scrolling the page the answer is on (an
// answer has no scroll box of its own: ../../ui/pageScroll), until the reader scrolls up; then
// the view stays where the reader put it until they jump back to the latest.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { SCROLL_UP_KEYS, nextFollowing } from '../../lib/autoScroll';
import { isTypingTarget, pageScrollerOf } from '../../ui/pageScroll';

/** Room left below the newest line while following, so it is not flush with the window's edge. */
const ROOM_BELOW_PX = 16;

type Gesture = { kind: 'touch'; y: number } | { kind: 'scrollbar' };

/**
 * The reader's own ways of going up on the page's scroller: the wheel, keys, a finger, the
 * scrollbar. They say "up" before the view moves, so following stops at once and the next frame's
 * text does not pull the view back down mid-gesture. Returns whether the scrollbar is held.
 */
function listenForReaderGoingUp(scroller: HTMLElement, readerGoesUp: () => void) {
  let gesture: Gesture | undefined;
  const end = () => {
    gesture = undefined;
  };
  const on = <K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (event: HTMLElementEventMap[K]) => void,
  ) => {
    scroller.addEventListener(type, listener, { passive: true });
    return () => scroller.removeEventListener(type, listener);
  };
  const offs = [
    on('wheel', (event) => {
      if (event.deltaY < 0) readerGoesUp();
    }),
    on('keydown', (event) => {
      if (isTypingTarget(event.target)) return;
      if (SCROLL_UP_KEYS.has(event.key) || event.key === 'Home') readerGoesUp();
    }),
    on('touchstart', (event) => {
      const touch = event.touches[0];
      if (touch) gesture = { kind: 'touch', y: touch.clientY };
    }),
    on('touchmove', (event) => {
      const touch = event.touches[0];
      // A finger moving down drags the content down: the view goes up.
      if (touch && gesture?.kind === 'touch' && touch.clientY > gesture.y + 2) readerGoesUp();
    }),
    on('touchend', end),
    on('pointerdown', (event) => {
      // On the scrollbar: the pointer is past the content box of the scroller itself.
      if (event.target === scroller && event.offsetX >= scroller.clientWidth) {
        gesture = { kind: 'scrollbar' };
      }
    }),
    on('pointerup', end),
    on('pointercancel', end),
  ];
  return {
    scrollbarHeld: () => gesture?.kind === 'scrollbar',
    stop: () => offs.forEach((off) => off()),
  };
}

/**
 * `answer` is the answer's element, on a page whose scroller moves; `end` where the answer ends
 * within the scroller's content. While following, every render (new text, blocks measured taller
 * than estimated) takes the view down to the end; a reader's gesture up stops following first,
 * so the reader moving the view is never undone here.
 * `toStart` takes the view to the first block (Home on the answer). `followFromStart` false: the
 * view stays where it is and follows only once the reader goes to the latest (End, Jump to latest).
 */
export function useFollowScroll(
  answer: RefObject<HTMLElement | null>,
  end: number,
  toStart: () => void,
  followFromStart = true,
) {
  const following = useRef(followFromStart);
  /** Where the view was at the previous scroll event, or where we last put it. */
  const lastTop = useRef(0);
  const endRef = useRef(end);
  const [paused, setPaused] = useState(!followFromStart);

  const setFollowing = useCallback((next: boolean) => {
    if (next === following.current) return;
    following.current = next;
    setPaused(!next);
  }, []);

  // Only ever down: an answer that still fits above the window's bottom leaves the page alone.
  const scrollToEnd = () => {
    const scroller = pageScrollerOf(answer.current);
    if (!scroller) return;
    const target = endRef.current + ROOM_BELOW_PX - scroller.clientHeight;
    if (target > scroller.scrollTop) scroller.scrollTo({ top: target });
    // Our own move is the new reference: a reader's scroll up from here must read as up.
    lastTop.current = scroller.scrollTop;
  };

  useLayoutEffect(() => {
    endRef.current = end;
    if (following.current) scrollToEnd();
  });

  useEffect(() => {
    const scroller = pageScrollerOf(answer.current);
    if (!scroller) return undefined;
    lastTop.current = scroller.scrollTop;
    const reader = listenForReaderGoingUp(scroller, () => setFollowing(false));
    const onScroll = () => {
      const top = scroller.scrollTop;
      setFollowing(
        nextFollowing({
          following: following.current,
          previousScrollTop: lastTop.current,
          // "The bottom" is the answer's end, not the page's.
          metrics: {
            scrollTop: top,
            scrollHeight: endRef.current + ROOM_BELOW_PX,
            clientHeight: scroller.clientHeight,
          },
          readerScrolledUp: top < lastTop.current - 1 && reader.scrollbarHeld(),
        }),
      );
      lastTop.current = top;
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      reader.stop();
      scroller.removeEventListener('scroll', onScroll);
    };
  }, [answer, setFollowing]);

  const jumpToLatest = () => {
    setFollowing(true);
    scrollToEnd();
  };
  // Home and End on the answer go by block index: a scroll by pixels would stop short, since
  // blocks not yet measured change size (and the offset with them) on the way.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Home') {
      event.preventDefault();
      setFollowing(false);
      toStart();
    } else if (event.key === 'End') {
      event.preventDefault();
      jumpToLatest();
    }
  };

  return { paused, jumpToLatest, onKeyDown };
}
