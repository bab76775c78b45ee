// Moves focus to what an action produced once it is on screen (the deal's heading after the
// palette opened it), instead of leaving it where the closed dialog put it back or at the page top.
const GIVE_UP_AFTER_MS = 3_000;

export function focusWhenShown(
  find: () => HTMLElement | null,
  block: ScrollLogicalPosition = 'nearest',
): void {
  const until = performance.now() + GIVE_UP_AFTER_MS;
  const attempt = () => {
    const target = find();
    if (target) {
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block });
    } else if (performance.now() < until) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

export function dealHeading(dealId: string): () => HTMLElement | null {
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
