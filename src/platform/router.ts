// A small hash router: the route lives in a zustand store mirrored to `location.hash`, so the
// browser's back and forward buttons, reloads and the host's `navigate` event all agree.
import { create } from 'zustand';
import { formatRoute, parseRoute } from '../lib/routes';
import type { Route } from '../lib/routes';

interface RouterState {
  route: Route;
}

export const useRouter = create<RouterState>(() => ({ route: parseRoute(location.hash) }));

export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  const hash = formatRoute(route);
  if (location.hash !== hash) {
    if (options.replace) history.replaceState(null, '', hash);
    else location.hash = hash;
  }
  useRouter.setState({ route: parseRoute(hash) });
}

let started = false;

export function startRouter(): void {
  if (started) return;
  started = true;
  window.addEventListener('hashchange', () => {
    useRouter.setState({ route: parseRoute(location.hash) });
  });
}

export function useRoute(): Route {
  return useRouter((s) => s.route);
}
