// The usage store driven through its actions against a fake bridge, as the usage screen and the
// host's event wiring (a quota notification, a change of service) use it.
import { describe, expect, it } from 'vitest';
import type { UsageSummary } from '../../../../../electron/contract';
import { createUsageStore } from '../../../../../src/features/usage/createUsageStore';
import { fail, fakeBridge, ok } from '../../support/fake-bridge';

function summary(runs: number): UsageSummary {
  return {
    billingPeriod: { start: '2026-01-01', end: '2026-01-31' },
    requests: { count: 10, limit: 100 },
    runs: { count: runs, limit: null },
    tokens: { input: 1, output: 2, limit: null },
  };
}

describe('the usage store', () => {
  it('reads the summary, and keeps it beside the error when a later read fails', async () => {
    const bridge = fakeBridge();
    const store = createUsageStore(bridge.call);
    bridge.answer('usage.summary', () => ok(summary(3)));
    await store.getState().load();
    expect(store.getState().summary).toMatchObject({ loading: false, stale: false });
    expect(store.getState().summary.value?.runs.count).toBe(3);

    bridge.answer('usage.summary', () => fail('service_unavailable', 'Down.'));
    await store.getState().load();
    expect(store.getState().summary.value?.runs.count).toBe(3);
    expect(store.getState().summary.error?.code).toBe('service_unavailable');
  });

  it('drops a summary that answers after a change of service', async () => {
    const bridge = fakeBridge();
    const store = createUsageStore(bridge.call);
    const answers = bridge.hold('usage.summary');
    const loading = store.getState().load();
    expect(store.getState().summary.loading).toBe(true);
    store.getState().reset();
    answers[0]?.(ok(summary(99)));
    await loading;
    expect(store.getState().summary).toEqual({ loading: false, stale: false });
  });
});
