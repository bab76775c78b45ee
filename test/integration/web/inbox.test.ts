// The inbox in browser mode, over the real socket, against the demo service, with the backend's
// clock driven by the test: a quota warning raised while no page is open waits in the inbox (and
// is recorded as delivered only once it is there); a page connecting 10 s later is handed it with
// the unread count 1; after a restart of the host the entry is still there, not handed over
// again, and its read state is kept.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inbox } from '../../../electron/contract';
import { NOTIFICATION_STATE_FILE } from '../../../electron/core/notifications';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { blankRendererDir, connectAsPage, type PageClient } from './support';

let work: string;
let dataDir: string;
let renderer: string;
let demo: DemoService;
let current = Date.parse('2026-11-24T13:00:00.000Z');
const now = () => new Date(current);
const QUOTA_KEY = 'quota:runs:2026-11-01T00:00:00.000Z:80';

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'web-inbox-test-'));
  dataDir = join(work, 'data');
  renderer = await blankRendererDir(work);
  await mkdir(dataDir, { recursive: true });
  // Only quota warnings: the briefings' notifications depend on the time of day, and automatic
  // prep's "prep ready" lands in the inbox whenever its run happens to end.
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      notifications: { enabled: { 'morning-briefing': false, 'meeting-briefing': false } },
      autoPrep: { mode: 'off' },
    }),
  );
  demo = await startDemoService({ pacing: 'instant', clock: now });
  demo.control.setLimits({ runs: 100 });
  demo.control.setUsage({ runs: 85 });
});
afterAll(async () => {
  await demo?.stop();
  await rm(work, { recursive: true, force: true });
});

function startHost(): Promise<BrowserMode> {
  return startBrowserMode({
    port: 0,
    dataDir,
    rendererDir: renderer,
    baseUrl: demo.baseUrl,
    token: demo.token,
    scheduler: true,
    backend: { now },
  });
}

function nextInbox(mode: BrowserMode, test: (inbox: Inbox) => boolean): Promise<Inbox> {
  return new Promise((resolve) => {
    const stop = mode.backend.events.subscribe((name, payload) => {
      if (name !== 'inbox.changed' || !test(payload as Inbox)) return;
      stop();
      resolve(payload as Inbox);
    });
  });
}

async function inboxOf(page: PageClient): Promise<Inbox> {
  const answer = await page.bridge.invoke('inbox.list', {});
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data;
}

describe('the inbox across pages and restarts', () => {
  it('keeps a warning raised with no page open for the page that connects later, and across restarts', async () => {
    // No page is connected: the start-up check raises the warning into the inbox.
    let mode = await startHost();
    const landed = nextInbox(mode, (inbox) => inbox.unread === 1);
    const shownToNobody: string[] = [];
    const stopWatching = mode.backend.events.subscribe((name, payload) => {
      if (name === 'notification') shownToNobody.push((payload as { id: string }).id);
    });
    expect((await landed).entries.map((entry) => entry.id)).toEqual([QUOTA_KEY]);
    stopWatching();
    expect(shownToNobody).toEqual([]);
    // Recorded as delivered once it is in the inbox (the state file is written after it).
    await expect
      .poll(async () => {
        const text = await readFile(join(dataDir, NOTIFICATION_STATE_FILE), 'utf8').catch(
          () => '{}',
        );
        return Object.keys((JSON.parse(text) as { delivered?: object }).delivered ?? {});
      })
      .toEqual([QUOTA_KEY]);

    // A page connects 10 s later: it is told (the toast), and the count is 1.
    current += 10_000;
    let page = await connectAsPage(mode.url);
    const caughtUp = await page.bridge.invoke('inbox.catchUp', {});
    expect(caughtUp).toMatchObject({
      ok: true,
      data: {
        entries: [{ id: QUOTA_KEY, read: false }],
        notification: {
          id: QUOTA_KEY,
          kind: 'quota',
          title: '80% of runs quota used',
          navigate: { screen: 'usage' },
        },
      },
    });
    expect((await inboxOf(page)).unread).toBe(1);
    // Handed over once: a second page (or a reload) is not told again.
    expect(await page.bridge.invoke('inbox.catchUp', {})).toEqual({
      ok: true,
      data: { entries: [] },
    });
    page.close();
    await mode.stop();

    // A restart: still there, still unread, and not handed over again.
    current += 60_000;
    mode = await startHost();
    page = await connectAsPage(mode.url);
    let inbox = await inboxOf(page);
    expect(inbox.entries.map((entry) => [entry.id, entry.read])).toEqual([[QUOTA_KEY, false]]);
    expect(inbox.unread).toBe(1);
    expect(await page.bridge.invoke('inbox.catchUp', {})).toEqual({
      ok: true,
      data: { entries: [] },
    });
    const read = await page.bridge.invoke('inbox.markRead', { ids: [QUOTA_KEY] });
    expect(read).toMatchObject({ ok: true, data: { unread: 0 } });
    page.close();
    await mode.stop();

    // Another restart: the read state is kept.
    mode = await startHost();
    page = await connectAsPage(mode.url);
    inbox = await inboxOf(page);
    expect(inbox.entries.map((entry) => [entry.id, entry.read])).toEqual([[QUOTA_KEY, true]]);
    expect(inbox.unread).toBe(0);
    page.close();
    await mode.stop();
  });
});
