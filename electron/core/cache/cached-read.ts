// "Serve from cache, refresh in the background": a cached read answers at once with what the
// last session saw (marked stale), asks the service meanwhile, and announces fresher data so the
// renderer asks again. A read with `refresh` waits for the service, and falls back to the cache
// (with the error) when the service cannot answer. Closing the reader (the backend shutting
// down) cancels every fetch it started: nothing it began may write or log once its owner is gone.
import type { ErrorData, JsonValue } from '../../contract';
import { AssistantError, toAssistantError } from '../errors';
import { coreWords } from '../i18n/words';
import type { Logger } from '../logs/logger';
import type { CacheEntry, CacheStore } from './store';

export interface Cached<T> {
  value: T;
  fetchedAt: string;
  stale: boolean;
  error?: ErrorData;
}

export interface CachedReadRequest<T extends JsonValue> {
  /** Cache key, e.g. `deals` or `deal:<id>`. */
  key: string;
  /** Asks the service; `signal` aborts when the reader closes. */
  fetch(signal: AbortSignal): Promise<T>;
  /** Checks a cached value before it is served (its shape may be from an older version). */
  accept(value: JsonValue): T | undefined;
  refresh: boolean;
}

export interface CachedReader {
  read<T extends JsonValue>(request: CachedReadRequest<T>): Promise<Cached<T>>;
  /** Forgets which keys were confirmed this session (sign-out, another service). */
  reset(): void;
  /**
   * Aborts every fetch still going (background refreshes included, and any retry waiting for
   * its turn) and resolves once they have settled; later reads fail as cancelled.
   */
  close(): Promise<void>;
}

export interface CachedReaderOptions {
  store: CacheStore;
  log: Logger;
  /** A value confirmed this long ago is served without asking again. */
  freshForMs?: number;
  /** A background refresh brought newer data for `key`. */
  onRefreshed(key: string, fetchedAt: string): void;
  now?: () => Date;
}

const closedError = () =>
  new AssistantError({
    kind: 'aborted',
    code: 'closed',
    message: coreWords().t('errors.app.shuttingDown'),
    retryable: false,
  });

// The reader's state and its named parts (acceptOnce, fetchAndStore, refreshInBackground) under
// the returned methods.
export function createCachedReader(options: CachedReaderOptions): CachedReader {
  const { store, log } = options;
  const now = options.now ?? (() => new Date());
  const freshForMs = options.freshForMs ?? 60_000;
  /** Keys confirmed by the service in this session, with when. */
  const confirmed = new Map<string, number>();
  const inFlight = new Map<string, Promise<{ value: JsonValue; fetchedAt: string }>>();
  /** Every fetch not yet settled, including those reset() stopped sharing: close waits for all. */
  const unsettled = new Set<Promise<unknown>>();
  const lifetime = new AbortController();
  let epoch = 0;

  /**
   * What `accept` made of each stored entry. The store hands out the same entry object until the
   * key is written again, so a list of thousands of deals is checked once, not on every search.
   */
  const accepted = new WeakMap<CacheEntry, { key: string; value: unknown }>();
  const acceptOnce = <T extends JsonValue>(
    entry: CacheEntry,
    request: CachedReadRequest<T>,
  ): T | undefined => {
    const known = accepted.get(entry);
    if (known !== undefined && known.key === request.key) return known.value as T | undefined;
    const value = request.accept(entry.value);
    accepted.set(entry, { key: request.key, value });
    return value;
  };

  const fetchAndStore = <T extends JsonValue>(request: CachedReadRequest<T>) => {
    if (lifetime.signal.aborted) return Promise.reject(closedError());
    const existing = inFlight.get(request.key);
    if (existing) return existing as Promise<{ value: T; fetchedAt: string }>;
    const started = epoch;
    const promise = (async () => {
      const value = await request.fetch(lifetime.signal);
      // An answer that lands after close is not stored: the data directory may be gone.
      if (lifetime.signal.aborted) throw closedError();
      const fetchedAt = now().toISOString();
      if (started === epoch) {
        await store.write(request.key, value, fetchedAt);
        confirmed.set(request.key, Date.parse(fetchedAt));
      }
      return { value, fetchedAt };
    })().finally(() => {
      if (inFlight.get(request.key) === promise) inFlight.delete(request.key);
      unsettled.delete(promise);
    });
    inFlight.set(request.key, promise);
    unsettled.add(promise);
    return promise;
  };

  /** A cached value is served now; the service is asked again behind it. */
  const refreshInBackground = <T extends JsonValue>(request: CachedReadRequest<T>): void => {
    void fetchAndStore(request).then(
      ({ fetchedAt }) => options.onRefreshed(request.key, fetchedAt),
      (error: unknown) => {
        if (lifetime.signal.aborted) return;
        log.info('Background refresh failed', {
          key: request.key,
          error: toAssistantError(error).toData(),
        });
      },
    );
  };

  return {
    async read(request) {
      const cachedEntry = await store.read(request.key);
      const cachedValue = cachedEntry ? acceptOnce(cachedEntry, request) : undefined;
      const confirmedAt = confirmed.get(request.key);
      const isFresh = confirmedAt !== undefined && now().getTime() - confirmedAt < freshForMs;

      if (cachedEntry && cachedValue !== undefined && !request.refresh) {
        if (!isFresh) refreshInBackground(request);
        return {
          value: cachedValue,
          fetchedAt: cachedEntry.fetchedAt,
          stale: confirmedAt === undefined,
        };
      }

      try {
        const fresh = await fetchAndStore(request);
        return { value: fresh.value, fetchedAt: fresh.fetchedAt, stale: false };
      } catch (error) {
        if (cachedEntry && cachedValue !== undefined) {
          return {
            value: cachedValue,
            fetchedAt: cachedEntry.fetchedAt,
            stale: true,
            error: toAssistantError(error).toData(),
          };
        }
        throw error;
      }
    },

    reset() {
      epoch += 1;
      confirmed.clear();
      inFlight.clear();
    },

    async close() {
      lifetime.abort(closedError());
      await Promise.allSettled([...unsettled]);
    },
  };
}
