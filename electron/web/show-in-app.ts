// "Open in Assistant" in browser mode (`app.show`, BackendOptions.showInApp): an open page is told
// to go there (core's `navigate` event, which every page hears); with none open, the user's
// default browser opens browser mode's own address on that route. That address carries the
// page's per-start secret in its fragment, so it is never put on a command line (any local user
// can read another's arguments): the browser is pointed at a small page in the private data
// folder, readable by the user alone, that moves on to the address (./open-page.ts). The
// extension that asked never sees the address, the secret or anything of the session.
import type { Navigate, ShownInApp } from '../contract';

export interface BrowserModeShowDeps {
  /** Whether a page is connected now. */
  pagesOpen: () => boolean;
  emitNavigate: (target: Navigate) => void;
  /** Browser mode's address on a route, with its secret (BrowserMode.urlFor). */
  pageUrl: (route: string) => string;
  /** Opens the address in the user's default browser, never on a command line. */
  openPage: (url: string) => Promise<void>;
  now?: () => number;
}

/**
 * The default browser is opened at most once in this long: the page it opens connects within it,
 * and an extension pressing again (or calling in a loop, within its rate limit) does not open a
 * tab each time.
 */
export const REOPEN_AFTER_MS = 10_000;

/** The page's route for the target, as the renderer writes it (src/lib/routes.ts). */
export function routeOf(target: Navigate): string {
  const id = target.id === undefined ? '' : `/${encodeURIComponent(target.id)}`;
  return `#/${target.screen}${id}`;
}

export function browserModeShowInApp(
  deps: BrowserModeShowDeps,
): (target: Navigate) => Promise<ShownInApp['shown']> {
  const now = deps.now ?? Date.now;
  let openedAt = Number.NEGATIVE_INFINITY;
  return async (target) => {
    if (deps.pagesOpen()) {
      deps.emitNavigate(target);
      return 'page';
    }
    if (now() - openedAt >= REOPEN_AFTER_MS) {
      openedAt = now();
      await deps.openPage(deps.pageUrl(routeOf(target)));
    }
    return 'browser';
  };
}
