// Work for an idle moment of the page: after the tasks already waiting (a host's answers among
// them), so what is started here never holds those up. `timeout` bounds the wait on a page that
// is never idle.

/** Runs `work` when the page is idle; the returned function cancels it if it has not run. */
export function onIdle(work: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => work(), { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 1);
  return () => clearTimeout(timer);
}

/** Resolves when the page is idle. */
export function whenIdle(timeout = 100): Promise<void> {
  return new Promise((resolve) => {
    onIdle(resolve, timeout);
  });
}
