// Plain words on the salesperson's path (#24): every screen is walked (Today, a deal with an
// answer on it, Answers, an answer's page, Usage, Settings, the inbox, the palette, and a start
// with the service unreachable), and what it shows outside the collapsed "Details for IT" holds
// no ids, no raw status slugs, no `CommandOrControl`, no error codes and no token counts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startBrowserMode } from '../../../electron/web/browser-mode';
import { deadPort } from '../support/dead-port';
import { expect, test } from '../support/fixtures';
import { askAgent, nav, openDealByKeyboard } from './helpers';

/** What gives an engineer's word away, each with the name the failure shows. */
const TECHNICAL: readonly (readonly [string, RegExp])[] = [
  ['a UUID', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-|\b[0-9a-f]{8}-…/i],
  ['an id with a prefix (usr_, act_, run_…)', /\b(?:usr|act|run|req|evt|org|mtg|deal)_[A-Za-z0-9]/],
  ['an agent id', /\b[a-z]+\.[a-z]+_[a-z_]+\b/],
  ['a raw status', /\b(?:succeeded|cancelled|in_progress|queued|closed_won|closed_lost)\b/],
  ['a snake_case slug', /\b[a-z]+_[a-z]+(?:_[a-z]+)*\b/],
  ['an accelerator name', /CommandOrControl|CmdOrCtrl/],
  ['an error code', /\bE[A-Z]{3,}\b|\bHTTP \d{3}\b|Request ID/],
  ['a token count', /\d\s*(?:in|out)?\s*tokens\b|\b(?:input|output) tokens\b|\d+ in · \d+ out/i],
];

/** The page's visible text: innerText leaves out what a closed <details> hides. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate<string>('document.body.innerText');
}

/** Every technical word visible on the screen, as "what: the line it is on". */
async function technicalWords(page: Page): Promise<string[]> {
  const lines = (await visibleText(page)).split('\n');
  const found: string[] = [];
  for (const line of lines) {
    for (const [what, pattern] of TECHNICAL) {
      if (pattern.test(line)) found.push(`${what}: ${line.trim()}`);
    }
  }
  return found;
}

async function expectPlainWords(page: Page, screen: string): Promise<void> {
  expect.soft(await technicalWords(page), `technical words on ${screen}`).toEqual([]);
}

test.use({ appOptions: { demo: { pacing: 'instant' }, scheduler: true } });

test('every screen says things in a salesperson’s words', async ({ app, page }) => {
  await app.open(page, '#/today');
  await expect(page.getByRole('region', { name: /^Up next/ })).toBeVisible();
  await expectPlainWords(page, 'Today');

  await nav(page, 'Deals').click();
  await openDealByKeyboard(page, 'Harbour');
  const run = await askAgent(page, 'Deal coach', 'What are the risks on this deal?');
  await expect(run.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expectPlainWords(page, 'a deal with an answer');

  await run.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('article').first().getByText('Done', { exact: true })).toBeVisible();
  await expectPlainWords(page, 'an answer’s page');

  await nav(page, 'Answers').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Answers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'What are the risks on this deal?' })).toBeVisible();
  await expectPlainWords(page, 'Answers');

  await nav(page, 'Usage').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expectPlainWords(page, 'Usage');

  await nav(page, 'Settings').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expectPlainWords(page, 'Settings');

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expectPlainWords(page, 'the inbox');
  await page.keyboard.press('Escape');

  await page.keyboard.press('Control+K');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectPlainWords(page, 'the palette');
  await page.keyboard.press('Escape');
});

test('the service unreachable is said in plain words, with what to do', async ({ page }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'assistant-e2e-words-'));
  const mode = await startBrowserMode({
    port: 0,
    dataDir,
    rendererDir: join(process.cwd(), 'out', 'renderer'),
    baseUrl: `http://127.0.0.1:${await deadPort()}/api/v1/assistant`,
    token: 'a-token-that-cannot-be-checked-while-nothing-answers',
    scheduler: false,
  });
  try {
    await page.goto(mode.urlFor('#/today'));
    await expect(page.getByText(/Can’t reach the service/)).toBeVisible();
    await expect(page.getByText(/VPN/).first()).toBeVisible();
    await expectPlainWords(page, 'Today, service unreachable');
    await nav(page, 'Settings').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expectPlainWords(page, 'Settings, service unreachable');
  } finally {
    await mode.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
