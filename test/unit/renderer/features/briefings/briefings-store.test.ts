// The briefings store driven through its actions against a fake bridge, as Today, start-up and
// the host's event wiring use it.
import { describe, expect, it } from 'vitest';
import type { Briefing } from '../../../../../electron/contract';
import { createBriefingsStore } from '../../../../../src/features/briefings/createBriefingsStore';
import { fail, fakeBridge, ok } from '../../support/fake-bridge';
import { at } from '../../support/host-fixtures';

const briefing = (title: string): Briefing => ({ id: title, title, data: {} });

describe('the briefings store', () => {
  it('reads each briefing from its own request, from cache unless a refresh is asked for', async () => {
    const bridge = fakeBridge();
    const store = createBriefingsStore(bridge.call);
    bridge.answer('briefings.morning', () =>
      ok({ value: briefing('Morning'), fetchedAt: at, stale: true }),
    );
    bridge.answer('briefings.meeting', () => fail('timeout', 'Too slow.'));
    await store.getState().load('morning');
    await store.getState().load('meeting', true);
    expect(bridge.inputs('briefings.morning')).toEqual([{}]);
    expect(bridge.inputs('briefings.meeting')).toEqual([{ refresh: true }]);
    expect(store.getState().morning).toMatchObject({ stale: true, loading: false });
    expect(store.getState().morning.value?.title).toBe('Morning');
    expect(store.getState().meeting.value).toBeUndefined();
    expect(store.getState().meeting.error?.code).toBe('timeout');
  });

  it('keeps the latest answer of a kind, and drops what answers after a change of service', async () => {
    const bridge = fakeBridge();
    const store = createBriefingsStore(bridge.call);
    const answers = bridge.hold('briefings.morning');
    const first = store.getState().load('morning');
    const second = store.getState().load('morning', true);
    answers[1]?.(ok({ value: briefing('Second'), fetchedAt: at, stale: false }));
    answers[0]?.(ok({ value: briefing('First'), fetchedAt: at, stale: false }));
    await Promise.all([first, second]);
    expect(store.getState().morning.value?.title).toBe('Second');

    const third = store.getState().load('morning');
    store.getState().reset();
    answers[2]?.(ok({ value: briefing('Previous service'), fetchedAt: at, stale: false }));
    await third;
    expect(store.getState().morning).toEqual({ loading: false, stale: false });
  });
});
