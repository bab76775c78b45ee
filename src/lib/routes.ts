// The app's screens as hash routes (`#/deals/<id>`): they work the same under the app's custom
// protocol and in browser mode, survive a reload, and the host's `navigate` event can name them.
import type { MessageId } from '../../electron/domain/i18n/messages';

/** The two briefings of Today; a notification opens one of them. */
export type BriefingSection = 'morning' | 'meeting';

export type Route =
  | { name: 'today'; section?: BriefingSection }
  | { name: 'deals'; dealId?: string }
  | {
      name: 'runs';
      runId?: string;
      offset?: number;
      limit?: number;
      status?: string;
      /** Filters that search the history instead of paging it. */
      dealId?: string;
      agentId?: string;
      q?: string;
    }
  | { name: 'usage' }
  | { name: 'settings'; section?: string };

export type ScreenName = Route['name'];

export const screens: readonly { name: ScreenName; label: MessageId; key: string }[] = [
  { name: 'today', label: 'app.screen.today', key: 't' },
  { name: 'deals', label: 'app.screen.deals', key: 'd' },
  { name: 'runs', label: 'app.screen.runs', key: 'r' },
  { name: 'usage', label: 'app.screen.usage', key: 'u' },
  { name: 'settings', label: 'app.screen.settings', key: 's' },
];

function decode(part: string | undefined): string | undefined {
  if (part === undefined || part === '') return undefined;
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

function intParam(params: URLSearchParams, key: string): number | undefined {
  const raw = params.get(key);
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  return Number(raw);
}

/** Parses `#/runs/abc?x=1` (or `/runs/abc`); anything unknown is Today. */
export function parseRoute(hash: string): Route {
  const trimmed = hash.replace(/^#/, '').replace(/^\/+/, '');
  const [path = '', query = ''] = trimmed.split('?', 2);
  const parts = path.split('/').filter((p) => p !== '');
  const params = new URLSearchParams(query);
  switch (parts[0]) {
    case 'today': {
      const section = parts[1];
      return section === 'morning' || section === 'meeting'
        ? { name: 'today', section }
        : { name: 'today' };
    }
    case 'deals': {
      const dealId = decode(parts[1]);
      return dealId === undefined ? { name: 'deals' } : { name: 'deals', dealId };
    }
    case 'runs': {
      const route: Route = { name: 'runs' };
      const runId = decode(parts[1]);
      if (runId !== undefined) route.runId = runId;
      const offset = intParam(params, 'offset');
      const limit = intParam(params, 'limit');
      const status = params.get('status');
      if (offset !== undefined) route.offset = offset;
      if (limit !== undefined) route.limit = limit;
      if (status) route.status = status;
      for (const key of ['dealId', 'agentId', 'q'] as const) {
        const value = params.get(key)?.trim();
        if (value) route[key] = value.slice(0, 200);
      }
      return route;
    }
    case 'usage':
      return { name: 'usage' };
    case 'settings': {
      const section = decode(parts[1]);
      return section === undefined ? { name: 'settings' } : { name: 'settings', section };
    }
    default:
      return { name: 'today' };
  }
}

export function formatRoute(route: Route): string {
  switch (route.name) {
    case 'today':
      return route.section ? `#/today/${route.section}` : '#/today';
    case 'deals':
      return route.dealId ? `#/deals/${encodeURIComponent(route.dealId)}` : '#/deals';
    case 'runs': {
      if (route.runId) return `#/runs/${encodeURIComponent(route.runId)}`;
      const params = new URLSearchParams();
      if (route.offset) params.set('offset', String(route.offset));
      if (route.limit) params.set('limit', String(route.limit));
      if (route.status) params.set('status', route.status);
      for (const key of ['dealId', 'agentId', 'q'] as const) {
        const value = route[key];
        if (value) params.set(key, value);
      }
      const q = params.toString();
      return q ? `#/runs?${q}` : '#/runs';
    }
    case 'settings':
      return route.section ? `#/settings/${encodeURIComponent(route.section)}` : '#/settings';
    default:
      return `#/${route.name}`;
  }
}

/** Accepts what a host or a notification may send: a hash, a path, or a screen name. */
export function routeFromTarget(target: string): Route {
  const t = target.trim();
  if (t.startsWith('#') || t.startsWith('/')) return parseRoute(t);
  return parseRoute(`/${t}`);
}

/** The host's `navigate` target (tray, notifications, deep links) as a route. */
export function routeForTarget(target: { screen: string; id?: string | undefined }): Route {
  switch (target.screen) {
    case 'deals':
      return target.id ? { name: 'deals', dealId: target.id } : { name: 'deals' };
    case 'runs':
      return target.id ? { name: 'runs', runId: target.id } : { name: 'runs' };
    case 'account':
      return { name: 'settings', section: 'account' };
    case 'usage':
      return { name: 'usage' };
    case 'settings':
      return { name: 'settings' };
    default:
      return target.id === 'meeting' || target.id === 'morning'
        ? { name: 'today', section: target.id }
        : { name: 'today' };
  }
}
