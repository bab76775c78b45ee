// The backend's flows as the page drives them in browser mode, against the demo service: an
// expired session and signing in again, sign-out forgetting everything, opening from cache while
// the service is down, a corrupt settings file reported, a run streamed to the end, and the
// session token in nothing the page receives nor in the log.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunUpdate, RunUpdates, SessionStatus } from '../../../electron/contract';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { blankRendererDir, connectAsPage, type PageClient } from './support';

let work: string;
let renderer: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'web-backend-test-'));
  renderer = await blankRendererDir(work);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function start(dataDir: string, service: DemoService, token = service.token) {
  const mode = await startBrowserMode({
    port: 0,
    dataDir: join(work, dataDir),
    rendererDir: renderer,
    baseUrl: service.baseUrl,
    token,
    scheduler: false,
  });
  const page = await connectAsPage(mode.url);
  return { mode, page };
}

describe('browser-mode backend', () => {
  let demo: DemoService;
  let mode: BrowserMode;
  let page: PageClient;
  /** Every session token the demo handed out in these tests. */
  const issued: string[] = [];
  const issue = () => {
    const token = demo.control.createSession();
    issued.push(token);
    return token;
  };

  beforeAll(async () => {
    demo = await startDemoService({ pacing: 'instant' });
    ({ mode, page } = await start('main', demo));
    issued.push(demo.token);
  });
  afterAll(async () => {
    page?.close();
    await mode?.stop();
    await demo?.stop();
  });

  it('streams a run to its end as coalesced updates, then shows its record and transcript', async () => {
    const deals = await page.bridge.invoke('deals.list', {});
    const agents = await page.bridge.invoke('agents.list', {});
    if (!deals.ok || !agents.ok) throw new Error('lists failed');
    expect(deals.data.value.length).toBeGreaterThan(0);
    const updates: RunUpdate[] = [];
    const stop = page.bridge.on('run.update', (batch) => updates.push(...batch.updates));
    const started = await page.bridge.invoke('runs.start', {
      agentId: agents.data.value[0]?.id ?? '',
      dealId: deals.data.value[0]?.id ?? '',
      message: 'What are the risks?',
    });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    await page.nextEvent<RunUpdates>('run.update', (batch) =>
      batch.updates.some((u) => u.runId === started.data.runId && u.done),
    );
    stop();
    const mine = updates.filter((update) => update.runId === started.data.runId);
    expect(mine.map((update) => update.seq)).toEqual(mine.map((_, index) => index + 1));
    const text = mine.map((update) => update.textAppended).join('');
    expect(text).toBe(demo.control.runOutput(started.data.runId));

    const detail = await page.bridge.invoke('runs.get', { runId: started.data.runId });
    expect(detail).toMatchObject({
      ok: true,
      data: { record: { runId: started.data.runId }, transcript: { text } },
    });
    const list = await page.bridge.invoke('runs.list', { limit: 5, offset: 0 });
    expect(list.ok && list.data.items.some((run) => run.runId === started.data.runId)).toBe(true);
  });

  it('finds deals by words of their name, account or stage', async () => {
    const all = await page.bridge.invoke('deals.list', {});
    if (!all.ok) throw new Error('list failed');
    const first = all.data.value[0];
    const word = first?.account?.split(/\s+/)[0] ?? first?.title.split(/\s+/)[0] ?? '';
    const found = await page.bridge.invoke('deals.list', { search: word.toUpperCase() });
    expect(found.ok && found.data.value.length).toBeGreaterThan(0);
    expect(
      found.ok &&
        found.data.value.every((deal) =>
          JSON.stringify(deal).toLowerCase().includes(word.toLowerCase()),
        ),
    ).toBe(true);
    const none = await page.bridge.invoke('deals.list', { search: 'zzqx-nothing-matches' });
    expect(none.ok && none.data.value).toEqual([]);
  });

  it('says sign-in windows and opening links are not available in a browser', async () => {
    expect(await page.bridge.invoke('session.signIn', {})).toMatchObject({
      ok: false,
      error: { code: 'not_supported' },
    });
    expect(await page.bridge.invoke('links.openExternal', { url: 'https://example.com/' })).toEqual(
      {
        ok: true,
        data: { opened: false },
      },
    );
  });

  it('marks the session expired on unauthorized, refuses a bad token, and takes a good one', async () => {
    const expired = page.nextEvent<SessionStatus>('session.changed', (s) => s.expired);
    demo.control.expireSession(demo.token);
    const usage = await page.bridge.invoke('usage.summary', {});
    expect(usage).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect(await expired).toMatchObject({ signedIn: false, expired: true });

    const refused = await page.bridge.invoke('session.setToken', { token: 'wrong-token-value' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'token_refused', field: 'token' } });
    expect(await page.bridge.invoke('session.status', {})).toMatchObject({
      ok: true,
      data: { expired: true },
    });

    const fresh = issue();
    const signedIn = await page.bridge.invoke('session.setToken', { token: fresh });
    expect(signedIn).toMatchObject({ ok: true, data: { signedIn: true, expired: false } });
    expect(await page.bridge.invoke('usage.summary', {})).toMatchObject({ ok: true });
  });

  it('forgets the session and the cached data on sign-out', async () => {
    await page.bridge.invoke('briefings.morning', { refresh: true });
    expect((await readdir(join(work, 'main', 'cache'))).length).toBeGreaterThan(0);
    const out = await page.bridge.invoke('session.signOut', {});
    expect(out).toMatchObject({ ok: true, data: { signedIn: false, expired: false } });
    expect(await readdir(join(work, 'main', 'cache'))).toEqual([]);
    expect(await page.bridge.invoke('briefings.morning', {})).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
    const back = await page.bridge.invoke('session.setToken', { token: issue() });
    expect(back).toMatchObject({ ok: true, data: { signedIn: true } });
  });

  it('copies diagnostics with the last errors and their request ids, without secrets', async () => {
    const diagnostics = await page.bridge.invoke('diagnostics.copy', {});
    if (!diagnostics.ok) throw new Error('diagnostics failed');
    expect(diagnostics.data.text).toContain('Recent errors');
    expect(diagnostics.data.text).toMatch(/usage\.summary: unauthorized HTTP 401 request \S+/);
    expect(diagnostics.data.text).toContain('token_refused');
  });

  it('sent the page no session token, in any frame, and wrote none to the log', async () => {
    const tokens = issued;
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    const frames = page.received.join('\n');
    expect(frames.length).toBeGreaterThan(1000);
    for (const token of tokens) expect(frames).not.toContain(token);
    expect(frames).not.toContain('sb-access-token');
    const log = await readFile(join(work, 'main', 'logs', 'main.log'), 'utf8');
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toContain('What are the risks?');
  });
});

describe('starting while the service is down', () => {
  it('opens from the cache, marked stale, with the error', async () => {
    const demo = await startDemoService({ pacing: 'instant' });
    const first = await start('offline', demo);
    const fresh = await first.page.bridge.invoke('briefings.morning', { refresh: true });
    expect(fresh).toMatchObject({ ok: true, data: { stale: false } });
    first.page.close();
    await first.mode.stop();
    const baseUrl = demo.baseUrl;
    await demo.stop();

    const again = await startBrowserMode({
      port: 0,
      dataDir: join(work, 'offline'),
      rendererDir: renderer,
      baseUrl,
      token: 'any-token-value',
      scheduler: false,
    });
    const page = await connectAsPage(again.url);
    try {
      const cached = await page.bridge.invoke('briefings.morning', {});
      expect(cached).toMatchObject({ ok: true, data: { stale: true } });
      if (cached.ok && fresh.ok) expect(cached.data.value).toEqual(fresh.data.value);
      const refreshed = await page.bridge.invoke('briefings.morning', { refresh: true });
      expect(refreshed).toMatchObject({
        ok: true,
        data: { stale: true, error: { code: 'ECONNREFUSED', retryable: true } },
      });
      expect(await page.bridge.invoke('connectivity.status', {})).toMatchObject({
        ok: true,
        data: { state: 'service-unreachable' },
      });
    } finally {
      page.close();
      await again.stop();
    }
  });
});

describe('a corrupt settings file', () => {
  it('is set aside, defaults are used, and the page is told', async () => {
    const demo = await startDemoService({ pacing: 'instant' });
    await mkdir(join(work, 'corrupt'), { recursive: true });
    await writeFile(join(work, 'corrupt', 'settings.json'), '{"theme": 7');
    const { mode, page } = await start('corrupt', demo);
    try {
      const info = await page.bridge.invoke('app.info', {});
      expect(info.ok && info.data.notices).toEqual([
        expect.objectContaining({ level: 'warning', message: expect.stringMatching(/defaults/) }),
      ]);
      expect(await page.bridge.invoke('settings.get', {})).toMatchObject({
        ok: true,
        data: { theme: 'system' },
      });
      const updated = await page.bridge.invoke('settings.update', { theme: 'dark' });
      expect(updated).toMatchObject({ ok: true, data: { theme: 'dark' } });
      expect(
        (await readdir(join(work, 'corrupt'))).some((f) => f.startsWith('settings.json.corrupt-')),
      ).toBe(true);
    } finally {
      page.close();
      await mode.stop();
      await demo.stop();
    }
  });
});
