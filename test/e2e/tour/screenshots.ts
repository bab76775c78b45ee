// `npm run screenshots`: a PNG of every screen, in the light and the dark theme, at a desktop's
// 1280×800 and a small laptop's 1024×640, into screenshots/ (gitignored), for review. Builds the renderer, starts browser mode with the demo
// service in this process (as the e2e tests do), and walks the app as a user would.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { requireChromium } from '../../support/chromium';
import { startApp } from '../support/app';
import type { RunningApp } from '../support/app';
import { openDetailsForIt } from '../renderer/helpers';

const OUT = join(process.cwd(), 'screenshots');
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
] as const;

async function shoot(page: Page, name: string, look: string): Promise<void> {
  // Let transitions and the last frame of streamed text settle.
  await page.waitForTimeout(300);
  const file = join(OUT, `${name}-${look}.png`);
  await page.screenshot({ path: file });
  process.stdout.write(`${file}\n`);
}

function nav(page: Page, label: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label });
}

async function openDeal(page: Page, query: string): Promise<void> {
  await nav(page, 'Deals').click();
  const search = page.getByRole('combobox', { name: 'Search deals' });
  await search.fill(query);
  await page.getByRole('option').first().waitFor();
  await search.press('Enter');
  await page.getByRole('heading', { level: 2, name: new RegExp(query, 'i') }).waitFor();
}

async function ask(page: Page, agent: string, message: string) {
  await page.getByLabel('Agent', { exact: true }).selectOption({ label: agent });
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const run = page.getByRole('article', { name: `Run ${agent}` }).first();
  await run.waitFor();
  return run;
}

async function walk(app: RunningApp, page: Page, look: string): Promise<void> {
  app.demo.control.setPacing('realtime');
  app.demo.control.setLimits({ requests: null, runs: 100, tokens: 1_000_000 });
  app.demo.control.setUsage({
    runs: 83,
    requests: 1200,
    inputTokens: 610_000,
    outputTokens: 352_000,
  });

  await app.open(page, '#/today');
  await page
    .getByRole('region', { name: /Good morning/ })
    .getByRole('table')
    .first()
    .waitFor();
  await shoot(page, '01-today', look);

  await nav(page, 'Deals').click();
  await page.getByRole('option').first().waitFor();
  await shoot(page, '02-deals', look);

  await openDeal(page, 'Harbour');
  await shoot(page, '03-deal', look);

  const live = await ask(page, 'Deal coach', 'What should I do this week to get this deal signed?');
  await live
    .getByText('Next steps')
    .or(live.getByText('Competition'))
    .first()
    .waitFor({ timeout: 20_000 });
  await shoot(page, '04-run-streaming', look);
  await live.getByText('Done', { exact: true }).waitFor({ timeout: 30_000 });
  await openDetailsForIt(live);
  await live.getByRole('button', { name: 'Raw events' }).click();
  await shoot(page, '05-run-finished', look);

  const failing = await ask(page, 'Objection handler', 'They say we are too expensive #fail');
  await failing.getByText('Failed', { exact: true }).waitFor({ timeout: 30_000 });
  await failing.getByRole('alert').first().scrollIntoViewIfNeeded();
  await shoot(page, '06-run-failed', look);

  await page.getByRole('link', { name: /What should I do this week/ }).click();
  await openDetailsForIt(page.getByRole('article').first());
  await page.getByRole('region', { name: 'The service’s record' }).waitFor();
  await shoot(page, '07-run-detail', look);

  await nav(page, 'Answers').click();
  await page.getByRole('region', { name: 'History' }).getByRole('table').waitFor();
  await shoot(page, '08-runs', look);

  await nav(page, 'Usage').click();
  await page.getByRole('meter', { name: 'Runs' }).waitFor();
  await shoot(page, '09-usage', look);

  await nav(page, 'Settings').click();
  await page.getByRole('region', { name: 'Session' }).waitFor();
  await shoot(page, '10-settings', look);

  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search screens, deals and agents' }).waitFor();
  await page.keyboard.type('ca');
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('option').first().waitFor();
  await shoot(page, '11-command-palette', look);
  await page.keyboard.press('Escape');

  app.demo.control.expireSession(app.demo.token);
  await nav(page, 'Today').click();
  await page.getByRole('button', { name: 'Refresh morning briefing' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Your session has expired' }).first();
  await banner.waitFor();
  await shoot(page, '12-session-expired', look);
  await banner.getByRole('button', { name: 'Sign in again' }).click();
  await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
  await shoot(page, '13-sign-in', look);
}

async function main(): Promise<void> {
  await build({ logLevel: 'warn' });
  await mkdir(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: requireChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const only = process.argv.slice(2);
    for (const viewport of VIEWPORTS) {
      for (const theme of ['light', 'dark'] as const) {
        const look = `${viewport.width}x${viewport.height}-${theme}`;
        if (only.length > 0 && !only.includes(look)) continue;
        const app = await startApp();
        try {
          const context = await browser.newContext({ viewport, colorScheme: theme });
          const page = await context.newPage();
          await walk(app, page, look);
          await context.close();
        } finally {
          await app.stop();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `screenshots: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
