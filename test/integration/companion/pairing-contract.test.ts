// Pairing through the contract, with real processes: browser mode started as `npm run web` starts
// it (companion on, its socket in a temporary folder), a page connected over its WebSocket, and
// the built relay started by a process named as Chrome. A new browser waits and the page hears
// it asked; `companion.decide` from the page serves the waiting connection; `companion.revoke`
// cuts it; and the relay's own connection can call none of these requests. The browser is named
// on Linux alone (the relay reads its parent's name from /proc): elsewhere it is listed unnamed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionChanged, CompanionState } from '../../../electron/contract';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { startBrowserMode, type BrowserMode } from '../../../electron/web/browser-mode';
import { startCompanionBrowserMode } from './companion-browser-mode';
import { blankRendererDir, connectAsPage, type PageClient } from '../web/support';
import { openExtensionPort } from './extension-port';
import { call, chromeNamed, isType, RELAY_NAMES_BROWSER, type NativePort } from './native-port';

const ORIGIN = `chrome-extension://${'e'.repeat(32)}/`;
const OTHER = `chrome-extension://${'f'.repeat(32)}/`;

let work: string;
let demo: DemoService;
let mode: BrowserMode;
let page: PageClient;
let chrome: string | undefined;
let env: Record<string, string>;
const ports: NativePort[] = [];

function port(origin: string): NativePort {
  const opened = openExtensionPort(origin, env, { browser: chrome });
  ports.push(opened);
  return opened;
}

async function state(): Promise<CompanionState> {
  const answer = await page.bridge.invoke('companion.browsers', {});
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data;
}

const changed = (change: CompanionChanged['change'], origin = ORIGIN) =>
  page.nextEvent<CompanionChanged>(
    'companion.changed',
    (event) => event.change === change && event.origin === origin,
  );

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'companion-pairing-'));
  chrome = await chromeNamed(work);
  demo = await startDemoService({ pacing: 'instant' });
  ({ mode, page, env } = await startCompanionBrowserMode(work, demo));
});

afterAll(async () => {
  for (const opened of ports) opened.process.kill();
  page?.close();
  await mode?.stop();
  await demo?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('pairing through the contract', () => {
  it('lists no browser before any asked', async () => {
    expect(await state()).toEqual({ status: 'on', browsers: [] });
  });

  it('tells the page a browser asks, and serves it once the page allows it', async () => {
    const asked = changed('requested');
    const waiting = port(ORIGIN);
    await waiting.next((m) => m.type === 'pairing' && m.state === 'pending');
    const event = await asked;
    const pending = {
      origin: ORIGIN,
      decision: 'pending',
      ...(RELAY_NAMES_BROWSER ? { browser: 'chrome' } : {}),
      extension: 'other',
      connected: true,
    };
    expect(event.state).toEqual({ status: 'on', browsers: [pending] });
    expect(await state()).toEqual({ status: 'on', browsers: [pending] });
    // Waiting, it cannot allow itself.
    expect(await call(waiting, 'companion.decide', { origin: ORIGIN, allow: true })).toMatchObject({
      ok: false,
      error: { code: 'pairing_pending' },
    });

    const decided = changed('decided');
    const answer = await page.bridge.invoke('companion.decide', { origin: ORIGIN, allow: true });
    expect(answer).toMatchObject({
      ok: true,
      data: { status: 'on', browsers: [{ origin: ORIGIN, decision: 'allowed', connected: true }] },
    });
    await waiting.next((m) => m.type === 'pairing' && m.state === 'allowed');
    await decided;
    expect((await call(waiting, 'agents.list', {})).ok).toBe(true);
  });

  it('refuses the renderer’s companion requests to the companion itself', async () => {
    const allowed = port(ORIGIN);
    await allowed.next((m) => m.type === 'pairing' && m.state === 'allowed');
    for (const [name, input] of [
      ['companion.browsers', {}],
      ['companion.decide', { origin: OTHER, allow: true }],
      ['companion.revoke', { origin: ORIGIN }],
    ] as const) {
      expect(await call(allowed, name, input)).toMatchObject({
        ok: false,
        error: { code: 'not_available_to_companion' },
      });
    }
    const listed = await state();
    expect(listed.status === 'on' ? listed.browsers.map((b) => b.origin) : []).toEqual([ORIGIN]);
  });

  it('cuts the browser’s live connections when the page revokes it, and lists it no more', async () => {
    const live = port(ORIGIN);
    await live.next((m) => m.type === 'pairing' && m.state === 'allowed');
    const revoked = changed('revoked');
    const answer = await page.bridge.invoke('companion.revoke', { origin: ORIGIN });
    expect(answer).toMatchObject({ ok: true, data: { status: 'on', browsers: [] } });
    expect((await live.next(isType('refused'))).reason).toBe('revoked');
    await revoked;
    expect(await live.exited).toBe(0);
    expect(await state()).toEqual({ status: 'on', browsers: [] });
  });

  it('says the companion is off when browser mode was started without it', async () => {
    const plain = await startBrowserMode({
      port: 0,
      dataDir: join(work, 'data-off'),
      rendererDir: await blankRendererDir(work),
      baseUrl: demo.baseUrl,
      token: demo.token,
      scheduler: false,
    });
    try {
      const other = await connectAsPage(plain.url);
      expect(await other.bridge.invoke('companion.browsers', {})).toEqual({
        ok: true,
        data: { status: 'off' },
      });
      expect(
        await other.bridge.invoke('companion.decide', { origin: ORIGIN, allow: true }),
      ).toEqual({ ok: true, data: { status: 'off' } });
      other.close();
    } finally {
      await plain.stop();
    }
  });
});
