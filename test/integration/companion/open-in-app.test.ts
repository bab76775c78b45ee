// "Open in Assistant" from the panel in browser mode, with real processes: browser mode started as
// `npm run web` starts it (companion on, its socket in a temporary folder), the built relay, an
// allowed extension. With a page open, `app.show` tells that page to go to the deal; with none, it
// opens browser mode's address on the deal's route (here a stand-in for the default browser) and
// the extension learns only where it was shown: nothing it receives carries the page's secret.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Navigate } from '../../../electron/contract';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import type { BrowserMode } from '../../../electron/web/browser-mode';
import { startCompanionBrowserMode } from './companion-browser-mode';
import { secretFrom, type PageClient } from '../web/support';
import { openExtensionPort } from './extension-port';
import { call, type NativePort } from './native-port';

const ORIGIN = `chrome-extension://${'g'.repeat(32)}/`;

let work: string;
let demo: DemoService;
let mode: BrowserMode;
let page: PageClient;
let companion: NativePort;
let dealId: string;
const opened: string[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'companion-open-'));
  demo = await startDemoService({ pacing: 'instant' });
  dealId = demo.control.deals()[0]?.id ?? '';
  let env: Record<string, string>;
  ({ mode, page, env } = await startCompanionBrowserMode(work, demo, {
    openPage: async (url) => {
      opened.push(url);
    },
  }));
  companion = openExtensionPort(ORIGIN, env);
  await companion.next((m) => m.type === 'pairing' && m.state === 'pending');
  await page.bridge.invoke('companion.decide', { origin: ORIGIN, allow: true });
  await companion.next((m) => m.type === 'pairing' && m.state === 'allowed');
});

afterAll(async () => {
  companion?.process.kill();
  page?.close();
  await mode?.stop();
  await demo?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('Open in Assistant in browser mode (app.show)', () => {
  it('tells the open page to show the deal', async () => {
    const told = page.nextEvent<Navigate>('navigate');
    expect(await call(companion, 'app.show', { screen: 'deal', id: dealId })).toEqual({
      ok: true,
      data: { shown: 'page' },
    });
    expect(await told).toEqual({ screen: 'deals', id: dealId });
    expect(opened).toEqual([]);
  });

  it('refuses an id that could leave the deal’s route', async () => {
    expect(
      await call(companion, 'app.show', { screen: 'deal', id: `${dealId}#token=x` }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'id' } });
  });

  it('opens browser mode’s address on the deal when no page is open, and never tells its secret', async () => {
    page.close();
    // The host hears the page go when its socket closes: asked again until it has.
    let shown: unknown;
    for (let attempt = 0; attempt < 100 && shown !== 'browser'; attempt += 1) {
      const answer = await call(companion, 'app.show', { screen: 'deal', id: dealId });
      shown = (answer.data as { shown?: string } | undefined)?.shown;
      if (shown !== 'browser') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(shown).toBe('browser');
    expect(opened).toEqual([mode.urlFor(`#/deals/${dealId}`)]);
    const secret = secretFrom(mode.url);
    expect(JSON.stringify(companion.received)).not.toContain(secret);
  });
});
