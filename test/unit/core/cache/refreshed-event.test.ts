// A cache key as the data.refreshed event names it.
import { describe, expect, it } from 'vitest';
import { dataRefreshedEvent } from '../../../../electron/core/cache/refreshed-event';

describe('dataRefreshedEvent', () => {
  it('names a deal by its id and any other key as it is', () => {
    const at = '2026-11-25T12:00:00.000Z';
    expect(dataRefreshedEvent('deal:d1', at)).toEqual({ key: 'deal', id: 'd1', fetchedAt: at });
    expect(dataRefreshedEvent('briefings.morning', at)).toEqual({
      key: 'briefings.morning',
      fetchedAt: at,
    });
  });
});
