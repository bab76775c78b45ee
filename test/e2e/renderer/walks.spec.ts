// A salesperson's day, walked at a desktop's 1280×800 and a small laptop's 1024×640, light and
// dark. The morning: the next meeting on the first screen; `/` then typing replaces the deal
// search and a typo still finds the deal; yesterday's run, asked from the command line, found by
// words of its question, opened with its answer on the first screen, copied whole and ready to
// paste, and listed on its deal's page. The rest of the day: a deal opened from the briefing's
// text with focus on it; a question asked there, its run brought into view and focus; an email
// draft as wrapped prose that copies as the email; the answer copied as clean text and HTML;
// Retry keeping the answer being read; usage told as risk; settings in plain words that save
// themselves. (A start with the service unreachable, at each size and theme: outages.spec.ts.)
import { expect, test } from '../support/fixtures';
import { LOOKS } from '../support/looks';
import { askAgent, createRunOnService, nav, savedSettings } from './helpers';
import { pasteReady } from '../../../src/lib/markdown/paste';

const QUESTION = 'What did we promise Harbour about pricing?';

for (const look of LOOKS) {
  test.describe(`at ${look.name}`, () => {
    test.use({
      ...look.use,
      appOptions: { demo: { pacing: 'instant' } },
    });

    test('the morning: up next, deal search, yesterday’s answer found, copied and on its deal', async ({
      app,
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const harbour = app.demo.control.deals().find((d) => /Harbour/.test(d.name));
      if (!harbour) throw new Error('no Harbour deal in the demo');
      // Asked outside the app: this computer holds no transcript of it.
      const runId = await createRunOnService(app, {
        agentId: 'sales.deal_coach',
        message: QUESTION,
        dealId: harbour.id,
      });
      await app.demo.control.waitForRun(runId, 30_000);
      const answer = app.demo.control.runOutput(runId) ?? '';

      await app.open(page, '#/today');
      await expect(page.getByRole('region', { name: /^Up next/ })).toBeInViewport();

      // "/" then typing replaces the query; one typo still finds the deal.
      const search = page.getByRole('combobox', { name: 'Search deals' });
      await page.keyboard.press('/');
      await expect(search).toBeFocused();
      await search.pressSequentially('maple', { delay: 10 });
      await search.blur();
      await page.keyboard.press('/');
      await expect(search).toBeFocused();
      await search.pressSequentially('harbur', { delay: 10 });
      await expect(search).toHaveValue('harbur');
      await expect(page.getByRole('option').first()).toContainText(harbour.name);

      // Yesterday's answer, found by words of its question.
      await page.goto(page.url().replace(/#.*$/, '#/runs'));
      const history = page.getByRole('region', { name: 'History' });
      await history.getByRole('searchbox').fill('promise pricing');
      await history.getByRole('link', { name: QUESTION }).click();
      const output = page.getByRole('region', { name: /^Output of/ });
      const firstLine = answer.split('\n')[0]?.replace(/^#+\s*/, '') ?? '';
      await expect(output.getByText(firstLine).first()).toBeInViewport();
      await page.getByRole('button', { name: 'Copy', exact: true }).first().click();
      // The clipboard is written a moment after the click: read it once the app says so.
      await expect(page.getByText('Output copied')).toBeVisible();
      expect(String(await page.evaluate('navigator.clipboard.readText()'))).toBe(
        pasteReady(answer, QUESTION).text,
      );

      // And on its deal's page.
      await page.goto(page.url().replace(/#.*$/, `#/deals/${harbour.id}`));
      await expect(
        page
          .getByRole('region', { name: 'Runs on this deal' })
          .getByRole('link', { name: QUESTION }),
      ).toBeVisible();
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
      await expect(run.getByText('Done', { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(run.locator('pre').filter({ hasText: 'Best regards' })).toHaveCount(0);
      // The reader goes to the draft's end (End on the answer), where its Copy email is drawn.
      await run.getByRole('region', { name: /Output of Email writer/ }).press('End');
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
      await expect(runsCard.getByText(/^At 100%, new runs are refused/)).toBeVisible();
      await expect(page.getByText(/shares these quotas/)).toBeVisible();

      // Settings: what a salesperson changes first, the technical part folded, switches that
      // save themselves.
      await nav(page, 'Settings').click();
      const regions = page.getByRole('main').getByRole('region');
      await expect(regions.first()).toHaveAccessibleName('Appearance');
      await expect(regions.nth(1)).toHaveAccessibleName('Language');
      await expect(regions.nth(2)).toHaveAccessibleName('Notifications');
      await expect(page.getByRole('region', { name: 'Account and service' })).toBeHidden();
      const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
      await notifications.getByRole('checkbox', { name: 'Do not disturb', exact: false }).check();
      await expect(notifications.getByRole('status')).toHaveText('Saved.');
      await expect
        .poll(async () => (await savedSettings(app)).notifications.doNotDisturb)
        .toBe(true);
    });
  });
}
