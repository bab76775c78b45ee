// The raw events panel's page cache: it fetches only the pages on screen, once each; refreshes
// the total at most once per interval yet never misses the last change; drops answers that
// arrive after the panel closed; and stops fetching after an error until Retry.
import { describe, expect, it } from 'vitest';
import type { ErrorData, RunEvent, RunEventsPage } from '../../../../../electron/contract';
import { RawEventPages, type PageTimers } from '../../../../../src/features/runs/rawEventPages';

const delta = (i: number): RunEvent => ({ type: 'output', text: `t${i}` });

/** A run's stored events, answered like `runs.events`; each request waits until released. */
function storedRun(count: number) {
  const events = Array.from({ length: count }, (_, i) => delta(i));
  const requests: Array<{ offset: number; limit: number; answer: () => void; fail: () => void }> =
    [];
  // The answer is what was stored when the request was read, as core answers.
  const load = (offset: number, limit: number) =>
    new Promise<RunEventsPage>((resolve, reject) => {
      const page: RunEventsPage = {
        recorded: true,
        total: events.length,
        offset,
        events: events.slice(offset, offset + limit),
      };
      requests.push({
        offset,
        limit,
        answer: () => resolve(page),
        fail: () => reject(new Error('host gone')),
      });
    });
  return {
    events,
    requests,
    load,
    /** Answers every request waiting now, and lets the promises settle. */
    async answerAll() {
      for (const request of requests.splice(0)) request.answer();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    async failAll() {
      for (const request of requests.splice(0)) request.fail();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

function manualTimers() {
  let now = 0;
  let timers: Array<{ at: number; callback: () => void; handle: number }> = [];
  let next = 1;
  const api: PageTimers = {
    now: () => now,
    setTimeout: (callback, ms) => {
      timers.push({ at: now + ms, callback, handle: next });
      return next++;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((timer) => timer.handle !== handle);
    },
  };
  return {
    api,
    advance(ms: number) {
      now += ms;
      const due = timers.filter((timer) => timer.at <= now);
      timers = timers.filter((timer) => timer.at > now);
      for (const timer of due) timer.callback();
    },
  };
}

const toError = (error: unknown): ErrorData => ({
  code: 'host_unreachable',
  message: error instanceof Error ? error.message : 'failed',
  retryable: true,
});

describe('RawEventPages', () => {
  it('learns the total on start and fetches each page on screen once', async () => {
    const run = storedRun(1_000);
    const timers = manualTimers();
    const pages = new RawEventPages(run.load, toError, { pageSize: 100, timers: timers.api });
    pages.start();
    expect(run.requests.map((r) => [r.offset, r.limit])).toEqual([[0, 100]]);
    await run.answerAll();
    expect(pages.getSnapshot()).toMatchObject({ total: 1_000, recorded: true });
    expect(pages.event(99)).toEqual(delta(99));
    expect(pages.event(100)).toBeUndefined();

    pages.ensure(0, 20);
    expect(run.requests).toHaveLength(0);
    pages.ensure(480, 520);
    pages.ensure(490, 530);
    expect(run.requests.map((r) => r.offset)).toEqual([400, 500]);
    await run.answerAll();
    expect(pages.event(480)).toEqual(delta(480));
    expect(pages.event(530)).toEqual(delta(530));
    // Past the end nothing is asked for.
    pages.ensure(990, 1_200);
    expect(run.requests.map((r) => r.offset)).toEqual([900]);
  });

  it('keeps only the pages nearest the view, and fetches a dropped one again when it is back', async () => {
    const run = storedRun(2_000);
    const timers = manualTimers();
    const pages = new RawEventPages(run.load, toError, {
      pageSize: 100,
      maxPages: 3,
      timers: timers.api,
    });
    pages.start();
    await run.answerAll();
    // Scrolling from the top to the end, a screen at a time.
    for (let first = 0; first < 2_000; first += 100) {
      pages.ensure(first, first + 20);
      await run.answerAll();
      expect(pages.event(first)).toEqual(delta(first));
    }
    expect(pages.event(1_950)).toEqual(delta(1_950));
    expect(pages.event(1_850)).toEqual(delta(1_850));
    expect(pages.event(0)).toBeUndefined();
    expect(pages.event(500)).toBeUndefined();
    // Back at the top: the first page is asked for again.
    pages.ensure(0, 20);
    expect(run.requests.map((r) => r.offset)).toEqual([0]);
    await run.answerAll();
    expect(pages.event(10)).toEqual(delta(10));
  });

  it('refreshes the total at most once per interval, and still sees the last change', async () => {
    const run = storedRun(150);
    const timers = manualTimers();
    const pages = new RawEventPages(run.load, toError, {
      pageSize: 100,
      refreshIntervalMs: 500,
      timers: timers.api,
    });
    pages.start();
    await run.answerAll();
    expect(pages.getSnapshot().total).toBe(150);

    // The run streams on: many changes within one interval make one request, at its end.
    for (let i = 150; i < 260; i += 1) run.events.push(delta(i));
    for (let i = 0; i < 20; i += 1) pages.refresh();
    expect(run.requests).toHaveLength(0);
    timers.advance(500);
    expect(run.requests.map((r) => r.offset)).toEqual([100]);
    // Changes while that request is on its way are not lost: one more follows it.
    pages.refresh();
    run.events.push(delta(260));
    await run.answerAll();
    expect(pages.getSnapshot().total).toBe(260);
    timers.advance(500);
    expect(run.requests.map((r) => r.offset)).toEqual([200]);
    await run.answerAll();
    expect(pages.getSnapshot().total).toBe(261);
    expect(pages.event(260)).toEqual(delta(260));
  });

  it('drops answers that arrive after the panel closed', async () => {
    const run = storedRun(50);
    const pages = new RawEventPages(run.load, toError, { timers: manualTimers().api });
    let notified = 0;
    pages.subscribe(() => (notified += 1));
    pages.start();
    pages.stop();
    await run.answerAll();
    expect(pages.getSnapshot().total).toBeNull();
    expect(notified).toBe(0);
    // Opened again, it asks again.
    pages.start();
    await run.answerAll();
    expect(pages.getSnapshot().total).toBe(50);
  });

  it('shows an error, fetches nothing more until Retry, then picks up where it was', async () => {
    const run = storedRun(500);
    const timers = manualTimers();
    const pages = new RawEventPages(run.load, toError, { pageSize: 100, timers: timers.api });
    pages.start();
    await run.answerAll();
    pages.ensure(250, 260);
    await run.failAll();
    expect(pages.getSnapshot().error).toMatchObject({ message: 'host gone' });
    pages.ensure(250, 270);
    pages.refresh();
    timers.advance(1_000);
    expect(run.requests).toHaveLength(0);

    pages.retry();
    expect(pages.getSnapshot().error).toBeUndefined();
    expect(run.requests.map((r) => r.offset).sort((a, b) => a - b)).toEqual([200, 500]);
    await run.answerAll();
    expect(pages.event(255)).toEqual(delta(255));
  });

  it('says when nothing was recorded for the run', async () => {
    const pages = new RawEventPages(
      async (offset) => ({ recorded: false, total: 0, offset, events: [] }),
      toError,
      { timers: manualTimers().api },
    );
    pages.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pages.getSnapshot()).toMatchObject({ recorded: false, total: 0 });
  });
});
