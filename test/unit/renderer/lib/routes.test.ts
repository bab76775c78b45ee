import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute, routeFromTarget } from '../../../../src/lib/routes';

describe('routes', () => {
  it('round-trips every screen', () => {
    const routes = [
      { name: 'today' },
      { name: 'today', section: 'meeting' },
      { name: 'today', section: 'morning' },
      { name: 'deals' },
      { name: 'deals', dealId: 'a b/c' },
      { name: 'runs' },
      { name: 'runs', runId: 'r-1' },
      { name: 'runs', offset: 20, limit: 10, status: 'failed' },
      { name: 'runs', dealId: 'd 1/2', agentId: 'sales.deal_coach', q: 'pricing & terms' },
      { name: 'usage' },
      { name: 'settings', section: 'account' },
    ] as const;
    for (const r of routes) expect(parseRoute(formatRoute(r))).toEqual(r);
  });
  it('falls back to Today on anything unknown', () => {
    expect(parseRoute('#/nope')).toEqual({ name: 'today' });
    expect(parseRoute('#/today/lunch')).toEqual({ name: 'today' });
    expect(parseRoute('')).toEqual({ name: 'today' });
    expect(parseRoute('#/runs?offset=-1&limit=abc')).toEqual({ name: 'runs' });
  });
  it('reads host targets', () => {
    expect(routeFromTarget('deals/x1')).toEqual({ name: 'deals', dealId: 'x1' });
    expect(routeFromTarget('#/usage')).toEqual({ name: 'usage' });
  });
});

describe('routeForTarget', () => {
  it('maps the host navigate targets', async () => {
    const { routeForTarget } = await import('../../../../src/lib/routes');
    expect(routeForTarget({ screen: 'runs', id: 'r1' })).toEqual({ name: 'runs', runId: 'r1' });
    expect(routeForTarget({ screen: 'deals' })).toEqual({ name: 'deals' });
    expect(routeForTarget({ screen: 'account' })).toEqual({ name: 'settings', section: 'account' });
    expect(routeForTarget({ screen: 'somewhere-new' })).toEqual({ name: 'today' });
    // A meeting notification opens the meeting's briefing; the morning one, Today.
    expect(routeForTarget({ screen: 'today', id: 'meeting' })).toEqual({
      name: 'today',
      section: 'meeting',
    });
    expect(routeForTarget({ screen: 'today' })).toEqual({ name: 'today' });
  });
});
