// Closing the backend while the notification scheduler is busy, against the demo service over
// real HTTP. The host removes the data directory once close() has resolved (an uninstall, a test
// run's temporary folder): a check that was waiting for the service, or a run-finished
// notification queued behind it, must not come back afterwards to write the notification history
// there, or to show a notification from an app that has quit.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventName, LiveRunSummary } from '../../../electron/contract';
import { createBackend, type Backend } from '../../../electron/core/backend';
import { createLogger, type RootLogger } from '../../../electron/core/logs/logger';
import { NOTIFICATION_STATE_FILE } from '../../../electron/core/notifications';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { testBackendOptions } from '../../support/backend-options';

const USAGE_PATH = '/api/v1/assistant/usage/summary';
/** How long the service holds the scheduler's request: long enough to close the backend meanwhile. */
const HOLD_MS = 3_000;

let dataDir: string;
let demo: DemoService;
/** A transparent proxy: it tells when a request has reached the service side of the wire. */
let proxy: FaultProxy;
let requestLines: string[];
let backend: Backend | undefined;
let rootLog: RootLogger | undefined;
let events: Array<{ name: EventName; afterClose: boolean }>;
let closed: boolean;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'backend-close-notifications-'));
  requestLines = [];
  events = [];
  closed = false;
  demo = await startDemoService({ pacing: 'instant', log: (line) => requestLines.push(line) });
  proxy = await startFaultProxy({ target: demo.baseUrl });
  // 90 % of the run quota is used: the scheduler's usage check has a warning to show.
  demo.control.setLimits({ runs: 10 });
  demo.control.setUsage({ runs: 9 });
  // Only the usage summary is fetched by a check, so the one held request is the check's.
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      notifications: {
        enabled: {
          'morning-briefing': false,
          'meeting-briefing': false,
          quota: true,
          'run-finished': true,
        },
      },
    }),
  );
});

afterEach(async () => {
  await backend?.close();
  backend = undefined;
  rootLog?.close();
  await proxy.stop();
  await demo.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `done()` holds, checking every 20 ms; throws after `limitMs`. */
async function until(done: () => boolean, limitMs = 10_000): Promise<void> {
  for (let waited = 0; !done(); waited += 20) {
    if (waited >= limitMs) throw new Error('gave up waiting');
    await sleep(20);
  }
}

/** A backend with the scheduler on; resolves with it once the service holds its first check. */
async function startWithHeldCheck(): Promise<Backend> {
  // The first request the backend sends is its start-up check's: the service holds it.
  demo.control.delayNextRequests({ ms: HOLD_MS, count: 1 });
  rootLog = createLogger({ filePath: join(dataDir, 'logs', 'main.log') });
  backend = await createBackend({
    ...testBackendOptions({ dataDir, log: rootLog, baseUrl: proxy.url, token: demo.token }),
    isWindowFocused: () => false,
  });
  backend.events.subscribe((name) => events.push({ name, afterClose: closed }));
  await until(() =>
    proxy.stats.log.some((request) => request.path === USAGE_PATH && request.forwarded === true),
  );
  return backend;
}

const usageLines = () => requestLines.filter((line) => line.includes(USAGE_PATH));

async function closeAndRemoveDataDir(app: Backend): Promise<void> {
  const answered = usageLines();
  await app.close();
  closed = true;
  backend = undefined;
  rootLog?.close();
  // What a host may do once close() resolved; a late write would create the folder again.
  await rm(dataDir, { recursive: true, force: true });
  // The service logs a request when its connection closes: the held check's at once when
  // close() cancelled it (status 0), or only once answered after HOLD_MS (then this fails on its
  // status). Cancelled, it has no answer left to come back with, so nothing can follow it.
  const sent = proxy.stats.log.filter((request) => request.path === USAGE_PATH).length;
  await until(() => usageLines().length === sent, HOLD_MS * 2);
  expect(usageLines().slice(answered.length)).toEqual([
    expect.stringMatching(/ GET \S+usage\/summary 0 \d+ms$/),
  ]);
}

describe('closing the backend during a notification check', () => {
  it('for contrast: the same check left to finish warns about the quota and records it', async () => {
    const app = await startWithHeldCheck();
    await until(() => events.some((event) => event.name === 'notification'));
    // Shown once it is in the inbox, and recorded as delivered right after.
    await until(() => existsSync(join(dataDir, NOTIFICATION_STATE_FILE)));
    const state = await readFile(join(dataDir, NOTIFICATION_STATE_FILE), 'utf8');
    expect(state).toContain('quota:runs:');
    await app.close();
  });

  it('cancels the check: the service sees the client go, nothing is written or shown after close', async () => {
    const app = await startWithHeldCheck();
    await closeAndRemoveDataDir(app);

    // The one request the check sent, cancelled (status 0, checked above).
    expect(usageLines()).toHaveLength(1);
    await expect(stat(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(events.filter((event) => event.afterClose)).toEqual([]);
  });

  it('drops a run-finished notification queued behind the check: nothing written or shown after close', async () => {
    const app = await startWithHeldCheck();
    const finished = new Promise<void>((resolve) => {
      app.events.subscribe((name, payload) => {
        if (name !== 'runs.changed') return;
        if ((payload as { runs: LiveRunSummary[] }).runs.some((run) => run.done)) resolve();
      });
    });
    const started = await app.dispatch(
      'runs.start',
      {
        agentId: 'sales.deal_coach',
        dealId: demo.control.deals()[0]?.id,
        message: 'What changed this week?',
      },
      { host: 'test' },
    );
    expect(started, JSON.stringify(started)).toMatchObject({ ok: true });
    // The run is over while the check still waits for its answer: its notification waits too,
    // so nothing has been recorded yet.
    await finished;
    await expect(stat(join(dataDir, NOTIFICATION_STATE_FILE))).rejects.toMatchObject({
      code: 'ENOENT',
    });

    await closeAndRemoveDataDir(app);

    await expect(stat(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(events.filter((event) => event.afterClose)).toEqual([]);
    expect(events.some((event) => event.name === 'notification')).toBe(false);
  });
});
