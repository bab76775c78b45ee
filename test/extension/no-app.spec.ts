// The panel on a computer where the app is missing, then installed but not running: the browser's
// own "host not found" and the relay's "app not running" said in plain words, each with Try again,
// in the browser's language (German here: the panel negotiates it as the renderer does); on
// Linux, "not installed" also names the browsers the companion works with there. In Japanese, at a
// side panel's width, its lines break by the Japanese rules.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  launchWithExtension,
  PANEL_URL,
  registerHost,
  tabIdOf,
  type ExtensionBrowser,
} from './browser';
import { startCrmPages, type CrmPages } from './crm-pages';
import { testSocketPath } from '../support/socket-path';
import { BAD_LINE_STARTS } from '../support/line-starts';

let pages: CrmPages;
let browser: ExtensionBrowser;
let work: string;

test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'extension-no-app-'));
  pages = await startCrmPages();
  browser = await launchWithExtension({
    crmPort: pages.port,
    unregistered: true,
    language: 'de',
    env: {
      // Nothing listens there, and no launch file says how to start the app.
      ASSISTANT_COMPANION_SOCKET: testSocketPath(join(work, 'run'), 'companion'),
      ASSISTANT_COMPANION_DIR: join(work, 'companion'),
    },
  });
});

test.afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await rm(work, { recursive: true, force: true });
});

test('the panel says the app is not installed, then that it is not running, in German', async () => {
  const crm = await browser.context.newPage();
  const address = 'https://app.hubspot.com/contacts/4711/record/0-3/9001';
  await crm.goto(address);
  const tabId = await tabIdOf(browser.worker, address);
  const panel = await browser.context.newPage();
  await panel.goto(`${PANEL_URL}?tab=${tabId}`);
  const notice = panel.locator('.panel-notice');
  await expect(notice).toHaveAttribute('data-state', 'not-installed');
  await expect(panel.locator('html')).toHaveAttribute('lang', 'de');
  await expect(notice).toContainText('Assistant Desktop ist auf diesem Computer nicht installiert');
  // These tests run Chromium on Linux, where a missing app may be a Snap or Flatpak browser.
  await expect(notice).toContainText('Unter Linux funktioniert der Begleiter mit Google Chrome');

  await registerHost(browser.profile);
  await notice.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(notice).toHaveAttribute('data-state', 'not-running');
  await expect(notice).toContainText(
    'Assistant Desktop läuft nicht und konnte nicht gestartet werden',
  );
  await expect(notice.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
});

test('in Japanese, at a side panel’s width, no line of the panel starts with a small kana or ー', async () => {
  const japanese = await launchWithExtension({
    crmPort: pages.port,
    unregistered: true,
    language: 'ja',
    env: {
      ASSISTANT_COMPANION_SOCKET: testSocketPath(join(work, 'run-ja'), 'companion'),
      ASSISTANT_COMPANION_DIR: join(work, 'companion-ja'),
    },
  });
  try {
    const crm = await japanese.context.newPage();
    const address = 'https://app.hubspot.com/contacts/4711/record/0-3/9002';
    await crm.goto(address);
    const tabId = await tabIdOf(japanese.worker, address);
    const panel = await japanese.context.newPage();
    // Chrome's side panel opens 320–400 px wide: the panel's lines break most there.
    await panel.setViewportSize({ width: 340, height: 700 });
    await panel.goto(`${PANEL_URL}?tab=${tabId}`);
    await expect(panel.locator('html')).toHaveAttribute('lang', 'ja');
    const notice = panel.locator('.panel-notice');
    await expect(notice).toHaveAttribute('data-state', 'not-installed');
    expect(await panel.evaluate<string[]>(BAD_LINE_STARTS)).toEqual([]);
    await registerHost(japanese.profile);
    await notice.getByRole('button').first().click();
    await expect(notice).toHaveAttribute('data-state', 'not-running');
    expect(await panel.evaluate<string[]>(BAD_LINE_STARTS)).toEqual([]);
  } finally {
    await japanese.close();
  }
});
