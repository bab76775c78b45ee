// A page scrolls as one: the shell's main area (or a pane of a split screen, such as the open
// deal beside the deal list) is the one scroller, marked with `data-page-scroll`. What lives in
// a page (a long answer, its "Jump to latest") scrolls with it rather than in a box of its own.

export const PAGE_SCROLL_ATTRIBUTE = 'data-page-scroll';

/** The scroller of the page `element` is on, or null before it is in the document. */
export function pageScrollerOf(element: Element | null): HTMLElement | null {
  return element?.closest<HTMLElement>(`[${PAGE_SCROLL_ATTRIBUTE}]`) ?? null;
}

/** Where `element` starts within its scroller's content, in pixels from the content's top. */
export function offsetWithin(element: Element, scroller: HTMLElement): number {
  return (
    element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
  );
}

/** Whether a key press belongs to a field being typed in, not to the page. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}
