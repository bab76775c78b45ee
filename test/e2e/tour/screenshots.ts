// `npm run screenshots`: a PNG of every screen, in the light and the dark theme, at a desktop's
// 1280×800 and a small laptop's 1024×640, into screenshots/ (gitignored), for review. Builds the
// renderer, starts browser mode with the demo service in this process (as the e2e tests do), and
// walks the app as a salesperson would: Today with the next meeting's prep card, the deals, a
// deal's page, an answer streaming, done and failed, the answer's own page (and its details for
// IT), Answers, Settings, Usage with a quota warning, the inbox, the palette, an expired session.
// A walk that stops leaves the screen as it was in screenshots/failed-<look>.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
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
  await run.waitFor({ timeout: 60_000 });
  return run;
}

/** Closes the toasts shown so far (a morning briefing's, at this time of day), so the screen shows. */
async function dismissToasts(page: Page): Promise<void> {
  const close = page
    .getByRole('region', { name: 'Recent notifications' })
    .getByRole('button', { name: /^Dismiss/ });
  while ((await close.count()) > 0) await close.first().click();
}

/** Scrolls the page so that `target` is at the top of the view (a live answer does not, by design). */
async function scrollToTop(target: Locator): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

async function walk(app: RunningApp, page: Page, look: string): Promise<void> {
  app.demo.control.setPacing('realtime');
  app.demo.control.setLimits({ requests: null, runs: 100, tokens: 1_000_000 });
  // A team well within its quota until the Usage screen, where it passes 80 % of its runs.
  app.demo.control.setUsage({
    runs: 41,
    requests: 1200,
    inputTokens: 212_000,
    outputTokens: 148_000,
  });

  await app.open(page, '#/today');
  await page.getByRole('region', { name: /Good morning/ }).waitFor();
  await page.getByRole('region', { name: 'Who is coming' }).waitFor();
  // The toasts' own look is shown on the Usage screen below.
  await page.waitForTimeout(1_000);
  await dismissToasts(page);
  await shoot(page, '01-today', look);

  await nav(page, 'Deals').click();
  // At 1024×640 the list has the screen to itself; wider, the deals closing soonest are beside it.
  await page.getByRole('listbox', { name: 'Deals' }).getByRole('option').first().waitFor();
  await shoot(page, '02-deals', look);

  await openDeal(page, 'Harbour');
  await page.getByRole('group', { name: 'Suggested questions' }).waitFor();
  await shoot(page, '03-deal', look);

  // A suggested question fills the form and picks the agent for it.
  await page.getByRole('button', { name: 'Draft the follow-up email' }).click();
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const draft = page.getByRole('article', { name: /^Run / }).first();
  await draft.getByText('Friendly', { exact: true }).waitFor({ timeout: 60_000 });
  await scrollToTop(draft);
  await shoot(page, '04-answer-streaming', look);
  await draft.getByText('Done', { exact: true }).waitFor({ timeout: 60_000 });
  await draft.getByRole('button', { name: 'Copy the email' }).last().scrollIntoViewIfNeeded();
  await shoot(page, '05-answer-done', look);

  const failing = await ask(page, 'Objection handler', 'They say we are too expensive #fail');
  await failing
    .getByText(/^Failed/)
    .first()
    .waitFor({ timeout: 60_000 });
  await failing.getByRole('alert').first().scrollIntoViewIfNeeded();
  await shoot(page, '06-answer-failed', look);

  await page
    .getByRole('link', { name: /follow-up email/ })
    .first()
    .click();
  const answer = page.getByRole('article').first();
  await answer.getByText('Done', { exact: true }).waitFor();
  await shoot(page, '07-answer-page', look);
  // What IT asks for, folded away on the salesperson's path.
  await openDetailsForIt(answer);
  await page.getByRole('region', { name: 'The service’s record' }).waitFor();
  await scrollToTop(answer.locator('details.details-it').first());
  await shoot(page, '08-answer-details-for-it', look);

  await nav(page, 'Answers').click();
  await page.getByRole('region', { name: 'History' }).getByRole('table').waitFor();
  await shoot(page, '09-answers', look);

  await nav(page, 'Settings').click();
  await page.getByRole('region', { name: 'Session' }).waitFor();
  await shoot(page, '10-settings', look);

  await nav(page, 'Usage').click();
  await page.getByRole('meter', { name: 'Runs' }).waitFor();
  // 83 of 100 runs: the host warns (back online is one of the moments it checks).
  app.demo.control.setUsage({ runs: 83 });
  const warned = app.nextEvent('inbox.changed', (inbox) => inbox.unread > 0);
  app.mode.backend.onNetworkChange(true);
  await warned;
  await page.getByRole('main').getByRole('button', { name: 'Refresh', exact: true }).click();
  await page.getByRole('region', { name: 'Recent notifications' }).getByRole('status').waitFor();
  await shoot(page, '11-usage', look);

  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await page.getByRole('dialog', { name: 'Notifications' }).getByRole('button').first().waitFor();
  await shoot(page, '12-inbox', look);
  await page.keyboard.press('Escape');
  await dismissToasts(page);

  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search screens, deals and agents' }).waitFor();
  await page.keyboard.type('ca');
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('option').first().waitFor();
  await shoot(page, '13-command-palette', look);
  await page.keyboard.press('Escape');

  app.demo.control.expireSession(app.demo.token);
  await nav(page, 'Today').click();
  await page.getByRole('button', { name: 'Refresh morning briefing' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Your session has expired' }).first();
  await banner.waitFor();
  await shoot(page, '14-session-expired', look);
  await banner.getByRole('button', { name: 'Sign in again' }).click();
  await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
  await shoot(page, '15-sign-in', look);
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
        // The scheduler on, for the inbox's quota warning (and whatever the time of day brings).
        const app = await startApp({ scheduler: true });
        try {
          const context = await browser.newContext({ viewport, colorScheme: theme });
          const page = await context.newPage();
          try {
            await walk(app, page, look);
          } catch (error) {
            // The screen as it was when the walk stopped, to see why.
            await page.screenshot({ path: join(OUT, `failed-${look}.png`) }).catch(() => undefined);
            throw error;
          }
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
