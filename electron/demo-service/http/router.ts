// A tiny path router: patterns like `/runs/:runId/stream`, exact segment matching, and the
// distinction between "no such path" (404) and "path exists, wrong method" (405 + Allow).

export type Params = Record<string, string>;

interface Route<H> {
  method: string;
  segments: string[];
  handler: H;
}

export type RouteMatch<H> =
  | { kind: 'found'; handler: H; params: Params }
  | { kind: 'not_found' }
  | { kind: 'method_not_allowed'; allow: string[] };

export class Router<H> {
  private readonly routes: Route<H>[] = [];

  add(method: string, pattern: string, handler: H): this {
    this.routes.push({ method: method.toUpperCase(), segments: split(pattern), handler });
    return this;
  }

  match(method: string, path: string): RouteMatch<H> {
    const segments = split(path);
    const allow: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (params === undefined) continue;
      if (route.method === method.toUpperCase())
        return { kind: 'found', handler: route.handler, params };
      if (!allow.includes(route.method)) allow.push(route.method);
    }
    return allow.length > 0 ? { kind: 'method_not_allowed', allow } : { kind: 'not_found' };
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], actual: string[]): Params | undefined {
  if (pattern.length !== actual.length) return undefined;
  const params: Params = {};
  for (let i = 0; i < pattern.length; i += 1) {
    const p = pattern[i] ?? '';
    const a = actual[i] ?? '';
    if (p.startsWith(':')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(a);
      } catch {
        return undefined;
      }
      params[p.slice(1)] = decoded;
    } else if (p !== a) {
      return undefined;
    }
  }
  return params;
}
