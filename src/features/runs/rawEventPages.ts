// The raw events panel's cache of one run's stored events. Core keeps every event in the run's
// transcript (output deltas included, which `run.update` batches leave out so the text crosses
// once); the panel asks for pages of them around what is on screen, keeps the pages nearest the
// view while it is open (a long run scrolled end to end would otherwise stay whole in memory),
// and refreshes the total (at most twice a second) while a live run grows. Plain TypeScript
// outside React: the panel reads it through useSyncExternalStore.
import type { ErrorData, RunEvent, RunEventsPage } from '../../../electron/contract';

export type LoadPage = (offset: number, limit: number) => Promise<RunEventsPage>;

export interface RawEventsSnapshot {
  /** Stored events so far; null until the first answer. */
  readonly total: number | null;
  /** False when this computer holds no transcript of the run. */
  readonly recorded: boolean;
  /** The last failure; fetching pauses until `retry()`. */
  readonly error: ErrorData | undefined;
  /** Bumped whenever something changed (a page arrived, the total grew). */
  readonly version: number;
}

export interface PageTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Optional tunables with their defaults, alike in shape only with core's ClientConfig.
export interface RawEventPagesOptions {
  /** Events per request. Default 200. */
  pageSize?: number;
  /** Least time between two refreshes of the total. Default 500 ms. */
  refreshIntervalMs?: number;
  /** Pages kept; those farthest from the rows on screen go first. Default 25. */
  maxPages?: number;
  timers?: PageTimers;
}

export const RAW_EVENTS_PAGE_SIZE = 200;
export const RAW_EVENTS_REFRESH_MS = 500;
export const RAW_EVENTS_MAX_PAGES = 25;

const browserTimers: PageTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class RawEventPages {
  private readonly pageSize: number;
  private readonly refreshIntervalMs: number;
  private readonly maxPages: number;
  private readonly timers: PageTimers;
  private readonly pages = new Map<number, RunEvent[]>();
  private readonly loading = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private snapshot: RawEventsSnapshot = {
    total: null,
    recorded: true,
    error: undefined,
    version: 0,
  };
  /** Answers to requests of an earlier start (before stop) are dropped. */
  private generation = 0;
  private active = false;
  private range: [number, number] | undefined;
  private lastRefreshAt = Number.NEGATIVE_INFINITY;
  private refreshTimer: unknown;
  private refreshing = false;
  private refreshAgain = false;

  constructor(
    private readonly load: LoadPage,
    private readonly toError: (error: unknown) => ErrorData,
    options: RawEventPagesOptions = {},
  ) {
    this.pageSize = options.pageSize ?? RAW_EVENTS_PAGE_SIZE;
    this.refreshIntervalMs = options.refreshIntervalMs ?? RAW_EVENTS_REFRESH_MS;
    this.maxPages = Math.max(2, options.maxPages ?? RAW_EVENTS_MAX_PAGES);
    this.timers = options.timers ?? browserTimers;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RawEventsSnapshot => this.snapshot;

  /** The panel opened: learn the total (and the first page). */
  start(): void {
    if (this.active) return;
    this.active = true;
    this.refresh();
  }

  /** The panel closed: nothing more is fetched and answers still on their way are dropped. */
  stop(): void {
    this.active = false;
    this.generation += 1;
    this.loading.clear();
    if (this.refreshTimer !== undefined) this.timers.clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    this.refreshing = false;
    this.refreshAgain = false;
    this.lastRefreshAt = Number.NEGATIVE_INFINITY;
  }

  /** The event at `index`, when its page has arrived. */
  event(index: number): RunEvent | undefined {
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /** Rows `first..last` are on screen: fetch the pages they need that are not here yet. */
  ensure(first: number, last: number): void {
    this.range = [first, last];
    const { total, error } = this.snapshot;
    if (!this.active || total === null || error !== undefined || total === 0) return;
    const end = Math.min(last, total - 1);
    for (let page = Math.floor(Math.max(0, first) / this.pageSize); page * this.pageSize <= end;) {
      const wanted = Math.min(this.pageSize, total - page * this.pageSize);
      if ((this.pages.get(page)?.length ?? 0) < wanted && !this.loading.has(page)) {
        void this.fetch(page);
      }
      page += 1;
    }
  }

  /**
   * The run may have stored more events: fetch the page where new ones land, which also brings
   * the new total. At most once per interval, never two at a time; a call in between is kept
   * for later rather than dropped, so the last change is always seen.
   */
  refresh(): void {
    if (!this.active || this.snapshot.error !== undefined) return;
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    if (this.refreshTimer !== undefined) return;
    const wait = this.lastRefreshAt + this.refreshIntervalMs - this.timers.now();
    if (wait > 0) {
      this.refreshTimer = this.timers.setTimeout(() => {
        this.refreshTimer = undefined;
        this.refresh();
      }, wait);
      return;
    }
    this.lastRefreshAt = this.timers.now();
    this.refreshing = true;
    const generation = this.generation;
    const tail = Math.floor((this.snapshot.total ?? 0) / this.pageSize);
    void this.fetch(tail).finally(() => {
      if (generation !== this.generation) return;
      this.refreshing = false;
      if (this.refreshAgain) {
        this.refreshAgain = false;
        this.refresh();
      }
    });
  }

  /** After an error: fetch again what is on screen and the total. */
  retry(): void {
    if (this.snapshot.error === undefined) return;
    this.publish({ error: undefined });
    this.refresh();
    if (this.range) this.ensure(this.range[0], this.range[1]);
  }

  private async fetch(page: number): Promise<void> {
    const generation = this.generation;
    this.loading.add(page);
    try {
      const answer = await this.load(page * this.pageSize, this.pageSize);
      if (generation !== this.generation) return;
      const held = this.pages.get(page);
      // An older, shorter answer for the same page never replaces a newer one.
      if (!held || answer.events.length >= held.length) this.pages.set(page, answer.events);
      this.trim();
      const total = Math.max(
        this.snapshot.total ?? 0,
        answer.total,
        page * this.pageSize + answer.events.length,
      );
      this.publish({ total, recorded: answer.recorded });
    } catch (error) {
      if (generation !== this.generation) return;
      this.publish({ error: this.toError(error) });
    } finally {
      if (generation === this.generation) this.loading.delete(page);
    }
  }

  /** Lets the pages farthest from the rows on screen go; they are fetched again if needed. */
  private trim(): void {
    if (this.pages.size <= this.maxPages) return;
    const [first, last] = this.range ?? [0, 0];
    const here = Math.floor((first + last) / 2 / this.pageSize);
    const byDistance = [...this.pages.keys()].sort(
      (a, b) => Math.abs(b - here) - Math.abs(a - here),
    );
    for (const page of byDistance.slice(0, this.pages.size - this.maxPages)) {
      this.pages.delete(page);
    }
  }

  private publish(change: Partial<Omit<RawEventsSnapshot, 'version'>>): void {
    this.snapshot = { ...this.snapshot, ...change, version: this.snapshot.version + 1 };
    for (const listener of [...this.listeners]) listener();
  }
}
