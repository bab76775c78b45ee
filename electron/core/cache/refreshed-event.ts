// A refreshed cache key as the pages hear of it: the `data.refreshed` event names a deal by its id
// apart from the key (`deal:<id>` in the cache).
import type { DataRefreshed } from '../../contract';

/** A cache key refreshed, as the `data.refreshed` event names it. */
export function dataRefreshedEvent(key: string, fetchedAt: string): DataRefreshed {
  return key.startsWith('deal:')
    ? { key: 'deal', id: key.slice('deal:'.length), fetchedAt }
    : { key: key as DataRefreshed['key'], fetchedAt };
}
