// Browser mode's notifications over the real socket, against the demo service: a finished run is
// notified only while no open page has focus (each page reports its own), with the agent and the
// deal by name and the run to open; the quota the run pushed past 80 % is warned about at once;
// and app.info says which desktop features browser mode lacks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification, LiveRunSummary } from '../../../electron/contract';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { blankRendererDir, connectAsPage, type PageClient } from './support';

let work: string;
let demo: DemoService;
let mode: BrowserMode;
let first: PageClient;
let second: PageClient;
const notifications: AppNotification[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'web-notifications-test-'));
  const renderer = await blankRendererDir(work);
  demo = await startDemoService({ pacing: 'instant' });
  demo.control.setLimits({ runs: 100 });
  demo.control.setUsage({ runs: 0 });
  mode = await startBrowserMode({
    port: 0,
    dataDir: join(work, 'data'),
    rendererDir: renderer,
    baseUrl: demo.baseUrl,
    token: demo.token,
    scheduler: true,
  });
  first = await connectAsPage(mode.url);
  second = await connectAsPage(mode.url);
  first.bridge.on('notification', (n) => notifications.push(n));
});
afterAll(async () => {
  first?.close();
  second?.close();
  await mode?.stop();
  await demo?.stop();
  await rm(work, { recursive: true, force: true });
});

/** Starts a run from the first page and resolves once the host says it is done. */
async function runToTheEnd(message: string): Promise<{ run: LiveRunSummary; dealName: string }> {
  const deals = await first.bridge.invoke('deals.list', {});
  // The screens have the agents cached: the notification names the agent from there.
  await first.bridge.invoke('agents.list', {});
  const deal = deals.ok ? deals.data.value[0] : undefined;
  if (deal === undefined) throw new Error('no deals');
  const started = await first.bridge.invoke('runs.start', {
    agentId: 'sales.deal_coach',
    dealId: deal.id,
    message,
  });
  if (!started.ok) throw new Error(started.error.message);
  const { runs } = await first.nextEvent<{ runs: LiveRunSummary[] }>('runs.changed', ({ runs }) =>
    runs.some((run) => run.runId === started.data.runId && run.done),
  );
  const run = runs.find((entry) => entry.runId === started.data.runId) as LiveRunSummary;
  return { run, dealName: deal.title };
}

describe('notifications in browser mode', () => {
  it('says in app.info which desktop features browser mode lacks', async () => {
    const info = await first.bridge.invoke('app.info', {});
    if (!info.ok) throw new Error(info.error.message);
    const caps = info.data.desktopCapabilities;
    expect(caps.tray).toMatchObject({
      available: false,
      reason: expect.stringMatching(/Browser mode/),
    });
    expect(caps.globalShortcut.available).toBe(false);
    expect(caps.launchAtLogin.available).toBe(false);
    expect(caps.notifications.available).toBe(true);
  });

  it('counts the app as looked at while any open page is focused', async () => {
    expect(mode.isWindowFocused()).toBe(true);
    expect(await first.bridge.invoke('app.setFocus', { focused: false })).toEqual({
      ok: true,
      data: { windowFocused: true },
    });
    expect(await second.bridge.invoke('app.setFocus', { focused: false })).toEqual({
      ok: true,
      data: { windowFocused: false },
    });
    await second.bridge.invoke('app.setFocus', { focused: true });
    expect(mode.isWindowFocused()).toBe(true);
  });

  it('notifies a run that finished while no page had focus, with names and the run to open', async () => {
    await first.bridge.invoke('app.setFocus', { focused: false });
    await second.bridge.invoke('app.setFocus', { focused: false });
    const finished = first.nextEvent<AppNotification>(
      'notification',
      (n) => n.kind === 'run-finished',
    );
    const { run, dealName } = await runToTheEnd('What changed this week?');
    expect(await finished).toMatchObject({
      id: `run-finished:${run.runId}`,
      title: 'Deal coach answered “What changed this week?”',
      body: `${dealName} · Done`,
      navigate: { screen: 'runs', id: run.runId },
    });
  });

  it('stays quiet while a page is focused, and warns at once when a run crosses 80 % of a quota', async () => {
    await second.bridge.invoke('app.setFocus', { focused: true });
    demo.control.setUsage({ runs: 79 });
    const warned = first.nextEvent<AppNotification>('notification', (n) => n.kind === 'quota');
    const { run } = await runToTheEnd('One more question');
    const quota = await warned;
    expect(quota).toMatchObject({
      navigate: { screen: 'usage' },
      title: expect.stringMatching(/80/),
    });
    // The run ended before the usage check that warned: had it been notified, it would be here.
    expect(notifications.some((n) => n.id === `run-finished:${run.runId}`)).toBe(false);
  });

  it('forgets a page that closed', async () => {
    await first.bridge.invoke('app.setFocus', { focused: false });
    expect(mode.isWindowFocused()).toBe(true);
    second.close();
    await expect.poll(() => mode.isWindowFocused()).toBe(false);
  });
});
