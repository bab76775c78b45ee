// The rest of a salesperson's day, walked at a desktop's 1280×800 and a small laptop's 1024×640,
// light and dark (the morning itself: morning-walk.spec.ts): a deal opened from the briefing's
// text with focus on it; a question asked there, its run brought into view and focus; an email
// draft as wrapped prose that copies as the email; the answer copied as clean text and HTML;
// Retry keeping the answer being read; usage told as risk; settings in plain words that save
// themselves; and a start with the service unreachable told by one banner, without codes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserMode } from '../../../electron/web/browser-mode';
import { deadPort } from '../support/dead-port';
import { expect, test } from '../support/fixtures';
import { askAgent, nav, savedSettings } from './helpers';

const SIZES = [
  [1280, 800],
  [1024, 640],
] as const;

for (const [width, height] of SIZES) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`at ${width}×${height}, ${colorScheme}`, () => {
      test.use({
        viewport: { width, height },
        colorScheme,
        appOptions: { demo: { pacing: 'instant' } },
      });

      test('the day: a deal from the briefing, an email drafted and copied, Retry, usage, settings', async ({
        app,
        page,
        context,
      }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await app.open(page, '#/today');

        // Today as a to-do list: a deal named in the briefing is a link, and focus follows it.
        const morning = page.getByRole('region', { name: /Good morning/ });
        const dealLink = morning.locator('.brief-body').getByRole('link').first();
        const dealName = (await dealLink.textContent())?.trim() ?? '';
        expect(dealName).not.toBe('');
        await dealLink.click();
        const heading = page.getByRole('heading', { level: 2, name: dealName });
        await expect(heading).toBeFocused();

        // An email asked for: the run comes into view and focus as it starts, and the draft is
        // wrapped prose that copies as the email.
        const run = await askAgent(page, 'Email writer', 'Draft a follow-up email');
        await expect(run).toBeFocused();
        await expect(run).toBeInViewport();
        await expect(run.getByText('succeeded', { exact: true })).toBeVisible({ timeout: 15_000 });
        await expect(run.locator('pre').filter({ hasText: 'Best regards' })).toHaveCount(0);
        await run.getByRole('button', { name: 'Copy email' }).click();
        await expect(run.getByRole('button', { name: 'Email copied' })).toBeVisible();
        expect(String(await page.evaluate('navigator.clipboard.readText()'))).toMatch(/^Subject: /);

        // Copy: clean text (no markdown marks, not the question) and HTML.
        await run.getByRole('button', { name: 'Copy', exact: true }).click();
        await expect(page.getByText('Output copied')).toBeVisible();
        const text = String(await page.evaluate('navigator.clipboard.readText()'));
        expect(text).not.toMatch(/^#|\*\*|^```|^\|/m);
        expect(text).not.toContain('Draft a follow-up email');
        const html = await page.evaluate<string>(
          "navigator.clipboard.read().then(async ([item]) => item ? (await item.getType('text/html')).text() : '')",
        );
        expect(html).toMatch(/<p>/);

        // Retry keeps the answer being read on screen.
        await run.getByRole('button', { name: 'Retry' }).click();
        await expect(page.getByText('The answer before you retried:')).toBeVisible();
        await expect(page.getByRole('article', { name: 'Run Email writer' })).toHaveCount(2);

        // Usage as risk: what happens at 100 % and whose quotas they are.
        app.demo.control.setUsage({ runs: 96 });
        await nav(page, 'Usage').click();
        const runsCard = page.getByRole('region', { name: 'Runs' });
        await expect(runsCard.getByText(/^At 100 %, new runs are refused/)).toBeVisible();
        await expect(page.getByText(/shares these quotas/)).toBeVisible();

        // Settings: what a salesperson changes first, the technical part folded, switches that
        // save themselves.
        await nav(page, 'Settings').click();
        const regions = page.getByRole('main').getByRole('region');
        await expect(regions.first()).toHaveAccessibleName('Appearance');
        await expect(regions.nth(1)).toHaveAccessibleName('Notifications');
        await expect(page.getByRole('region', { name: 'Account and service' })).toBeHidden();
        const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
        await notifications.getByRole('checkbox', { name: 'Do not disturb', exact: false }).check();
        await expect(notifications.getByRole('status')).toHaveText('Saved.');
        await expect
          .poll(async () => (await savedSettings(app)).notifications.doNotDisturb)
          .toBe(true);
      });

      test('a start with the service unreachable: one banner, no error codes', async ({ page }) => {
        const dataDir = await mkdtemp(join(tmpdir(), 'assistant-e2e-walk-unreachable-'));
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
          const banner = page
            .getByRole('status')
            .filter({ hasText: 'Can’t reach the service since' });
          await expect(banner).toHaveCount(1);
          await expect(banner).toBeInViewport();
          const main = page.getByRole('main');
          await expect(main.getByRole('alert')).toHaveCount(0);
          expect(await main.innerText()).not.toMatch(/network_error|fetch failed|ECONNREFUSED/);
        } finally {
          await mode.stop();
          await rm(dataDir, { recursive: true, force: true });
        }
      });
    });
  }
}
