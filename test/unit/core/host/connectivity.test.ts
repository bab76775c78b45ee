import { describe, expect, it } from 'vitest';
import { createConnectivityTracker } from '../../../../electron/core/host/connectivity';
import type { Connectivity } from '../../../../electron/contract';

function answering(status: number) {
  return () => Promise.resolve(new Response('{}', { status }));
}

describe('connectivity from the traffic', () => {
  it('a 503 or 502 says the service is down; any other answer, even a 500, says it is up', async () => {
    const tracker = createConnectivityTracker(() => new Date('2026-11-25T08:02:00Z'));
    const seen: Connectivity['state'][] = [];
    tracker.subscribe((c) => seen.push(c.state));

    await tracker.track(answering(503))('https://svc.example/deals');
    expect(tracker.current()).toMatchObject({
      state: 'service-failing',
      since: '2026-11-25T08:02:00.000Z',
      error: { status: 503, retryable: true },
    });
    await tracker.track(answering(502))('https://svc.example/agents');
    await tracker.track(answering(500))('https://svc.example/briefings/morning');
    await tracker.track(answering(504))('https://svc.example/deals');
    await tracker.track(answering(404))('https://svc.example/deals/x');
    // One change per cause, not one per request.
    expect(seen).toEqual(['service-failing', 'online', 'service-failing', 'online']);
  });

  it('a refused connection is unreachable, and offline while the OS says the network is down', async () => {
    const tracker = createConnectivityTracker();
    // As undici fails a fetch whose connection is refused.
    const refused = () =>
      Promise.reject(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
            code: 'ECONNREFUSED',
          }),
        }),
      );
    await expect(tracker.track(refused)('https://svc.example/deals')).rejects.toThrow();
    expect(tracker.current().state).toBe('service-unreachable');
    tracker.setNetwork(false);
    expect(tracker.current().state).toBe('offline');
    tracker.setNetwork(true);
    expect(tracker.current().state).toBe('online');
  });
});
