// The picker's deals against the demo service over real HTTP: past 2,000 deals the list says it
// is partial, and a search goes to the service when the service filters (by `search` or `q`,
// told from its answers) and otherwise through every page.
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../electron/core/api/client';
import { sessionFor } from '../../../../electron/core/api/config';
import { createDealSearch, loadDeals } from '../../../../electron/core/deals/deal-book';
import {
  startDemoService,
  type DemoService,
  type DemoServiceOptions,
} from '../../../../electron/demo-service';

let demo: DemoService | undefined;
afterEach(async () => {
  await demo?.stop();
  demo = undefined;
});

async function start(options: DemoServiceOptions) {
  demo = await startDemoService({ pacing: 'instant', ...options });
  const service = demo;
  const requests: string[] = [];
  const api = createApiClient({
    baseUrl: service.baseUrl,
    session: sessionFor(service.baseUrl, service.token, () => {}),
    timeoutMs: 10_000,
    fetch: (input, init) => {
      requests.push(new URL(String(input)).search);
      return fetch(input, init);
    },
  });
  return { api, service, requests };
}

describe('the picker’s deals', () => {
  it('loads all of a small book, and says so', async () => {
    const { api, service } = await start({});
    const loaded = await loadDeals(api, AbortSignal.timeout(10_000));
    expect(loaded.truncated).toBe(false);
    expect(loaded.items).toHaveLength(service.control.deals().length);
  });

  for (const searchParam of ['search', 'q', 'none'] as const) {
    it(`holds 2,000 of 5,000 and finds a deal past them (service search: ${searchParam})`, async () => {
      const { api, service, requests } = await start({ dealCount: 5_000, searchParam });
      const loaded = await loadDeals(api, AbortSignal.timeout(30_000));
      expect(loaded).toMatchObject({ truncated: true, total: 5_000 });
      expect(loaded.items).toHaveLength(2_000);

      const far = service.control.deals()[4_321];
      if (far === undefined) throw new Error('no deal 4,322');
      const search = createDealSearch(api);
      requests.length = 0;
      const found = await search.search(loaded, far.name, AbortSignal.timeout(60_000));
      expect(found.items.map((d) => d.id)).toContain(far.id);
      expect(found.searchedBy).toBe(searchParam === 'none' ? 'local' : 'service');
      if (searchParam === 'none') {
        // Every page past the loaded ones was read.
        expect(requests.some((q) => q.includes('offset=4900'))).toBe(true);
      }

      // Once known, the service is asked by the parameter it honours, straight away.
      requests.length = 0;
      await search.search(loaded, 'wave 7', AbortSignal.timeout(60_000));
      if (searchParam !== 'none') {
        expect(requests[0]).toContain(`${searchParam}=wave`);
      } else {
        expect(requests.every((q) => !q.includes('search=') && !q.includes('q='))).toBe(true);
      }
    });
  }

  it('finds words in any order across the whole book, not only as the phrase typed', async () => {
    const { api, service } = await start({ dealCount: 5_000, searchParam: 'search' });
    const loaded = await loadDeals(api, AbortSignal.timeout(30_000));
    const far = service.control.deals()[4_321];
    if (far === undefined) throw new Error('no deal 4,322');
    const words = far.name
      .toLowerCase()
      .split(/[\s–-]+/)
      .filter((w) => w.length > 2)
      .slice(0, 3);
    expect(words.length).toBeGreaterThan(1);
    const search = createDealSearch(api);
    const ids = async (query: string) =>
      (await search.search(loaded, query, AbortSignal.timeout(60_000))).items
        .map((d) => d.id)
        .sort();
    const inOrder = await ids(words.join(' '));
    const reversed = await ids([...words].reverse().join(' '));
    expect(inOrder).toContain(far.id);
    expect(reversed).toEqual(inOrder);
  });
});
