// axe-core on every screen, in both themes, at a desktop's and a small laptop's size: no serious
// or critical violation.
import { expect, test } from '../support/fixtures';
import { LOOKS } from '../support/looks';
import {
  askAgent,
  audit,
  nav,
  openAdvanced,
  openDealByKeyboard,
  openDetailsForIt,
} from './helpers';

for (const look of LOOKS) {
  test.describe(`at ${look.name}`, () => {
    test.use({
      ...look.use,
      appOptions: { demo: { pacing: 'instant' } },
    });

    test(`every screen passes axe (${look.name})`, async ({ app, page }) => {
      test.setTimeout(120_000);
      app.demo.control.setLimits({ runs: 100 });
      app.demo.control.setUsage({ runs: 85 });
      await app.open(page, '#/today');
      await expect(
        page
          .getByRole('region', { name: /Good morning/ })
          .getByRole('table')
          .first(),
      ).toBeVisible();
      await audit(page, 'Today');

      await nav(page, 'Deals').click();
      await expect(page.getByRole('option').first()).toBeVisible();
      await audit(page, 'Deals');

      await openDealByKeyboard(page, 'Harbour');
      const run = await askAgent(page, 'Deal coach', 'Summarise the deal');
      await expect(run.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
      await openDetailsForIt(run);
      await run.getByRole('button', { name: 'Raw events' }).click();
      await expect(
        page.getByText(/Only 1[45] of 100 runs left in this billing period/),
      ).toBeVisible();
      await audit(page, 'Deal with a finished run');

      await run.getByRole('button', { name: 'Open' }).click();
      await openDetailsForIt(page.getByRole('article').first());
      await expect(page.getByRole('region', { name: 'The service’s record' })).toBeVisible();
      await audit(page, 'Run');

      await nav(page, 'Answers').click();
      await expect(page.getByRole('region', { name: 'History' }).getByRole('table')).toBeVisible();
      await audit(page, 'Runs');

      await nav(page, 'Usage').click();
      await expect(page.getByRole('meter', { name: 'Runs' })).toBeVisible();
      await audit(page, 'Usage');

      await nav(page, 'Settings').click();
      await expect(page.getByRole('region', { name: 'Session' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Match the system' })).toBeVisible();
      // With a switch just saved, the token's how-to open and Advanced unfolded.
      await page.getByRole('checkbox', { name: 'Quota warnings' }).uncheck();
      await expect(page.getByText('Saved.')).toBeVisible();
      await page.getByRole('button', { name: 'Paste a session token' }).click();
      await page.getByText('How do I get a session token?').click();
      await openAdvanced(page);
      await audit(page, 'Settings');

      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
      await audit(page, 'Command palette');
      await page.keyboard.press('Escape');

      // Banners, error states and the sign-in dialog.
      app.demo.control.expireSession(app.demo.token);
      await nav(page, 'Today').click();
      await page.getByRole('button', { name: 'Refresh morning briefing' }).click();
      const banner = page
        .getByRole('alert')
        .filter({ hasText: 'Your session has expired' })
        .first();
      await expect(banner).toBeVisible();
      await audit(page, 'Expired session');
      await banner.getByRole('button', { name: 'Sign in again' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign in' });
      await expect(dialog).toBeVisible();
      await dialog.getByText('How do I get a session token?').click();
      await audit(page, 'Sign-in dialog');
    });
  });
}
