// Routing errors and injected faults: every failure answers with the error envelope and a
// distinct code, and the service keeps working afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope, Metadata } from '../../support/demo-schemas';
import { startHarness } from '../../support/demo-harness';
import type { Harness } from '../../support/demo-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.service.stop());

describe('routing', () => {
  it('answers unknown routes with 404 not_found, inside and outside the API', async () => {
    expect((await h.failure('/nothing/here', 404)).body.error.code).toBe('not_found');
    const outside = await fetch(`${h.service.origin}/favicon.ico`);
    expect(outside.status).toBe(404);
    expect(ErrorEnvelope.parse(await outside.json()).error.code).toBe('not_found');
    const otherVersion = await fetch(`${h.service.origin}/api/v2/assistant`, {
      headers: { cookie: h.cookie },
    });
    expect(otherVersion.status).toBe(404);
  });

  it('answers a wrong method with 405 method_not_allowed and an Allow header', async () => {
    const put = await h.failure('/runs', 405, { method: 'PUT' });
    expect(put.body.error.code).toBe('method_not_allowed');
    expect(put.headers.get('allow')).toBe('GET, POST');
    const del = await h.failure('/deals', 405, { method: 'DELETE' });
    expect(del.headers.get('allow')).toBe('GET');
    const runs = await h.failure('/runs/some-id', 405, { method: 'POST' });
    expect(runs.headers.get('allow')).toBe('GET, DELETE');
    const login = await fetch(`${h.service.origin}/login`, { method: 'DELETE' });
    expect(login.status).toBe(405);
  });

  it('sends JSON errors with the JSON content type and no caching', async () => {
    const res = await h.call('/nothing');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('injected faults', () => {
  it('fails the next N requests with 503 and Retry-After, then recovers', async () => {
    h.service.control.failNextRequests({ count: 2 });
    for (let i = 0; i < 2; i += 1) {
      const res = await h.failure('', 503);
      expect(res.body.error.code).toBe('service_unavailable');
      expect(res.headers.get('retry-after')).toBe('1');
    }
    await expect(h.data('', Metadata)).resolves.toMatchObject({ status: 200 });
  });

  it('can fail with another status and code', async () => {
    h.service.control.failNextRequests({
      status: 502,
      code: 'bad_gateway',
      retryAfterSeconds: null,
    });
    const res = await h.failure('/agents', 502);
    expect(res.body.error.code).toBe('bad_gateway');
    expect(res.headers.get('retry-after')).toBeNull();
  });

  it('delays the next request', async () => {
    h.service.control.delayNextRequests({ ms: 300 });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 100);
    await expect(h.call('', { signal: controller.signal })).rejects.toThrow();
    clearTimeout(timer);
    await expect(h.data('', Metadata)).resolves.toMatchObject({ status: 200 });
  });

  it('clears all switches at once', async () => {
    h.service.control.failNextRequests({ count: 5 });
    h.service.control.clearFaults();
    await expect(h.data('', Metadata)).resolves.toMatchObject({ status: 200 });
  });
});
