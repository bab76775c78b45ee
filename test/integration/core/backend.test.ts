// The backend's lifetime and its session against the demo service over real HTTP: closing it
// cancels the background work it started (nothing written or logged once its host stopped and
// the data directory is gone), and an `unauthorized` answer to a request sent with an earlier
// session never marks the current one expired.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionStatus } from '../../../electron/contract';
import { DEFAULT_TIMEOUT_MS } from '../../../electron/core/api/config';
import { createBackend, type Backend } from '../../../electron/core/backend';
import { createLogger, type LogEntry } from '../../../electron/core/logs/logger';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { testBackendOptions } from '../../support/backend-options';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';

const BRIEFING_PATH = '/api/v1/assistant/briefings/morning';

let dataDir: string;
let demo: DemoService;
/** The demo's request log: one line per request, written when its connection closes. */
let requestLines: string[];
let lineWaiters: Array<{ test: (line: string) => boolean; resolve: (line: string) => void }>;
let entries: LogEntry[];
let backend: Backend | undefined;
const proxies: FaultProxy[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'backend-test-'));
  requestLines = [];
  lineWaiters = [];
  entries = [];
  demo = await startDemoService({
    pacing: 'instant',
    log: (line) => {
      requestLines.push(line);
      for (const waiter of [...lineWaiters]) {
        if (!waiter.test(line)) continue;
        lineWaiters.splice(lineWaiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    },
  });
});

afterEach(async () => {
  await backend?.close();
  backend = undefined;
  for (const proxy of proxies.splice(0)) await proxy.stop();
  await demo.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The log line of the `n`th request (1-based) to `path`, now or once it is written. */
function nthRequestTo(path: string, n: number): Promise<string> {
  const lines = () => requestLines.filter((line) => line.includes(path));
  const now = lines()[n - 1];
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) =>
    lineWaiters.push({
      test: () => lines().length >= n,
      resolve: () => resolve(lines()[n - 1] ?? ''),
    }),
  );
}

async function start(
  options: {
    /** The service's address (default: the demo service itself). */
    baseUrl?: string;
    cacheFreshForMs?: number;
    /** Each request the backend sends, with the signal that cancels it. */
    onFetch?: (url: string, signal: AbortSignal | undefined) => void;
  } = {},
) {
  const log = createLogger({
    filePath: join(dataDir, 'logs', 'main.log'),
    level: 'debug',
    onEntry: (entry) => entries.push(entry),
  });
  backend = await createBackend({
    ...testBackendOptions({
      dataDir,
      log,
      baseUrl: options.baseUrl ?? demo.baseUrl,
      token: demo.token,
    }),
    scheduler: false,
    ...(options.cacheFreshForMs === undefined ? {} : { cacheFreshForMs: options.cacheFreshForMs }),
    fetch: (input, init) => {
      options.onFetch?.(
        String(input instanceof Request ? input.url : input),
        init?.signal ?? undefined,
      );
      return globalThis.fetch(input, init);
    },
  });
  return backend;
}

function call(target: Backend, name: Parameters<Backend['dispatch']>[0], input: unknown) {
  return target.dispatch(name, input, { host: 'test' });
}

describe('closing the backend', () => {
  it('cancels a background refresh in flight: the service sees the client go, nothing is written or logged after', async () => {
    // Through a proxy that tells when the refresh has reached the service: a fetch begun is not
    // yet a request sent (on Node 22 an abort right after fetch() can win, and nothing is sent).
    const proxy = await startFaultProxy({ target: demo.baseUrl });
    proxies.push(proxy);
    const app = await start({
      // Every cached read is then followed by a refresh in the background.
      cacheFreshForMs: 0,
      baseUrl: proxy.url,
    });
    const warm = await call(app, 'briefings.morning', { refresh: true });
    expect(warm).toMatchObject({ ok: true, data: { stale: false } });
    await nthRequestTo(BRIEFING_PATH, 1);

    // The service holds the next request far longer than this test waits for anything.
    demo.control.delayNextRequests({ ms: 20_000, count: 1 });
    const cached = await call(app, 'briefings.morning', {});
    expect(cached).toMatchObject({ ok: true });
    await vi.waitFor(
      () => {
        const briefings = proxy.stats.log.filter((request) => request.path === BRIEFING_PATH);
        expect(briefings.map((request) => request.forwarded)).toEqual([true, true]);
      },
      { timeout: 10_000 },
    );
    const refreshLine = nthRequestTo(BRIEFING_PATH, 2);

    await app.close();
    backend = undefined;
    const closedAt = entries.findIndex((entry) => entry.message === 'Backend closed');
    expect(closedAt).toBeGreaterThanOrEqual(0);
    // Status 0: the connection closed before any answer, because the client gave up on it,
    // and not at its own per-attempt timeout: close() cancelled it.
    const line = await refreshLine;
    expect(line).toMatch(/ GET \S+briefings\/morning 0 \d+ms$/);
    expect(Number(/ (\d+)ms$/.exec(line)?.[1])).toBeLessThan(DEFAULT_TIMEOUT_MS / 2);

    // The host removes its data directory; nothing of the backend comes back to write there.
    await rm(dataDir, { recursive: true, force: true });
    app.log.error('late work after close');
    expect(entries.slice(closedAt + 1)).toEqual([]);
    await expect(stat(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('cancels a background refresh waiting to retry: no request is sent after close', async () => {
    const briefingSignals: Array<AbortSignal | undefined> = [];
    const app = await start({
      cacheFreshForMs: 0,
      onFetch: (url, signal) => {
        if (url.endsWith('/briefings/morning')) briefingSignals.push(signal);
      },
    });
    await call(app, 'briefings.morning', { refresh: true });
    // The refresh gets a 503 asking to come back in 10 s: the client waits to retry.
    demo.control.failNextRequests({ count: 1, retryAfterSeconds: 10 });
    await call(app, 'briefings.morning', {});
    await nthRequestTo(BRIEFING_PATH, 2);
    expect(requestLines.filter((line) => line.includes(BRIEFING_PATH))[1]).toMatch(/ 503 /);
    expect(briefingSignals).toHaveLength(2);
    const served = demo.control.usage().requests.count;

    // close() waits for the refresh to settle. Had it waited out the Retry-After instead of
    // cancelling, the retry would have gone out first; it cancelled the refresh's call, which
    // ends its wait, so no retry can go out afterwards either.
    await app.close();
    backend = undefined;
    expect(briefingSignals[1]?.aborted).toBe(true);
    expect(briefingSignals).toHaveLength(2);
    expect(demo.control.usage().requests.count).toBe(served);
    expect(entries.at(-1)?.message).toBe('Backend closed');
    expect(entries.some((entry) => entry.message === 'Background refresh failed')).toBe(false);
  });
});

describe('an unauthorized answer for an earlier session', () => {
  it('does not mark the session set meanwhile as expired', async () => {
    let usageSent: () => void = () => {};
    const sent = new Promise<void>((resolve) => {
      usageSent = resolve;
    });
    const app = await start({
      onFetch: (url) => {
        if (url.endsWith('/usage/summary')) usageSent();
      },
    });
    const first = demo.token;
    const statuses: SessionStatus[] = [];
    const stop = app.events.subscribe((name, payload) => {
      if (name === 'session.changed') statuses.push(payload as SessionStatus);
    });

    // A request with the first session, held by the service...
    demo.control.delayNextRequests({ ms: 3_000, count: 1 });
    let heldSettled = false;
    const held = call(app, 'usage.summary', {}).finally(() => {
      heldSettled = true;
    });
    await sent;
    // ...while that session expires and the user pastes a new one.
    demo.control.expireSession(first);
    const second = demo.control.createSession();
    const signedIn = await call(app, 'session.setToken', { token: second });
    expect(signedIn).toMatchObject({ ok: true, data: { signedIn: true, expired: false } });
    // The precondition of this test: the old request was still in flight when the new session
    // was set (otherwise its answer would have been about the session of the time).
    expect(heldSettled).toBe(false);

    // The held request now gets its answer: 401 for the first session.
    expect(await held).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(await call(app, 'session.status', {})).toMatchObject({
      ok: true,
      data: { signedIn: true, expired: false },
    });
    expect(statuses.some((status) => status.expired)).toBe(false);
    expect(await call(app, 'usage.summary', {})).toMatchObject({ ok: true });
    stop();
  });

  it('still marks the current session expired when its own request is refused', async () => {
    const app = await start();
    const expired = new Promise<SessionStatus>((resolve) => {
      const stop = app.events.subscribe((name, payload) => {
        if (name !== 'session.changed' || !(payload as SessionStatus).expired) return;
        stop();
        resolve(payload as SessionStatus);
      });
    });
    demo.control.expireSession(demo.token);
    expect(await call(app, 'usage.summary', {})).toMatchObject({
      ok: false,
      error: { code: 'unauthorized' },
    });
    expect(await expired).toMatchObject({ signedIn: false, expired: true });
  });
});
