// The companion follows its setting while the app runs (the user's switch in Settings, or IT's
// policy): turned off, its socket closes and the page hears it is off; turned on again, it
// listens again, without a restart. Browser mode as `npm run web` runs it, over the real socket.
import { connect } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanionState } from '../../../electron/contract';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import type { BrowserMode } from '../../../electron/web/browser-mode';
import { startCompanionBrowserMode } from './companion-browser-mode';
import type { PageClient } from '../web/support';

let work: string;
let socketPath: string;
let demo: DemoService;
let mode: BrowserMode;
let page: PageClient;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'companion-setting-'));
  demo = await startDemoService({ pacing: 'instant' });
  ({ mode, page, socketPath } = await startCompanionBrowserMode(work, demo));
});
afterAll(async () => {
  page?.close();
  await mode?.stop();
  await demo?.stop();
  await rm(work, { recursive: true, force: true });
});

async function status(): Promise<CompanionState['status']> {
  const answer = await page.bridge.invoke('companion.browsers', {});
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data.status;
}

async function statusBecomes(wanted: CompanionState['status']): Promise<void> {
  for (let tries = 0; tries < 200 && (await status()) !== wanted; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(await status()).toBe(wanted);
}

function socketAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the companion setting', () => {
  it('closes the socket when turned off and listens again when turned on', async () => {
    expect(await status()).toBe('on');
    expect(await socketAnswers()).toBe(true);

    const off = await page.bridge.invoke('settings.update', { companion: { enabled: false } });
    expect(off.ok).toBe(true);
    await statusBecomes('off');
    expect(await socketAnswers()).toBe(false);

    await page.bridge.invoke('settings.update', { companion: { enabled: true } });
    await statusBecomes('on');
    expect(await socketAnswers()).toBe(true);
  });
});
