// Moves focus to what an action produced once it is on screen (the deal's heading after the
// palette opened it), instead of leaving it where the closed dialog put it back or at the page top.
import type { Route } from '../lib/routes';
import { navigate } from './router';

const GIVE_UP_AFTER_MS = 3_000;

/** `block`: where the target is scrolled to; `stay`: the page does not move (it is in view). */
export function focusWhenShown(
  find: () => HTMLElement | null,
  block: ScrollLogicalPosition | 'stay' = 'nearest',
): void {
  const until = performance.now() + GIVE_UP_AFTER_MS;
  const attempt = () => {
    const target = find();
    if (target) {
      target.focus({ preventScroll: true });
      if (block !== 'stay') target.scrollIntoView({ block });
    } else if (performance.now() < until) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

function dealHeading(dealId: string): () => HTMLElement | null {
  return () =>
    document.querySelector<HTMLElement>(`h2.deal-title[data-deal-id="${CSS.escape(dealId)}"]`);
}

export function pageHeading(title: string): () => HTMLElement | null {
  return () =>
    [...document.querySelectorAll<HTMLElement>('main h1')].find(
      (h) => h.textContent?.trim() === title,
    ) ?? null;
}

export function runPanel(runId: string): () => HTMLElement | null {
  return () =>
    document.querySelector<HTMLElement>(`article.run[data-run-id="${CSS.escape(runId)}"]`);
}

/** What opening a route produced, to take focus: the deal's heading, or the run. */
function openedBy(to: Route): (() => HTMLElement | null) | undefined {
  if (to.name === 'deals' && to.dealId !== undefined) return dealHeading(to.dealId);
  if (to.name === 'runs' && to.runId !== undefined) return runPanel(to.runId);
  return undefined;
}

/**
 * Opens a screen as the result of an action (a link, a button, a notification) with focus on
 * what it opened, where that is one thing; otherwise the shell focuses the screen itself.
 */
export function openAndFocus(to: Route): void {
  navigate(to);
  const target = openedBy(to);
  if (target) focusWhenShown(target);
}
