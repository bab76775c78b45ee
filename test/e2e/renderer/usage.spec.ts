// Usage as risk: meters against limits with warning levels, "no limit" for null, when a quota runs
// out at this pace and what happens at 100 %, whose usage it is, and the warnings before starting
// a run when any quota is nearly or fully used.
import { expect, test } from '../support/fixtures';
import { nav, openDealByKeyboard } from './helpers';

test('meters show usage against limits, with warnings at 95 % and 100 %', async ({ app, page }) => {
  app.demo.control.setLimits({ requests: null, runs: 100, tokens: 1000 });
  app.demo.control.setUsage({ runs: 96, inputTokens: 600, outputTokens: 400 });
  await app.open(page, '#/usage');

  const runs = page.getByRole('meter', { name: 'Runs' });
  await expect(runs).toHaveAttribute('aria-valuenow', '96');
  await expect(runs).toHaveAttribute('aria-valuemax', '100');
  await expect(page.getByText('96% used · Almost used up')).toBeVisible();
  await expect(page.getByText(/100% used · Limit reached/)).toBeVisible();
  await expect(
    page.getByText(/^Everyone at Northwind Demo Sales shares these quotas/),
  ).toBeVisible();
  const runsCard = page.getByRole('region', { name: 'Runs' });
  await expect(
    runsCard.getByText(/^At 100 %, new runs are refused until the quota resets on/),
  ).toBeVisible();
  // The demo's period is the calendar month: a day in, 96 runs is a pace that runs out first.
  const period = app.demo.control.usage().billingPeriod;
  const dayIn = Date.now() - Date.parse(period.start) >= 86_400_000;
  await expect(
    runsCard.getByText(/^At this pace, (runs run out on|about \d+ % will be used)/),
  ).toHaveCount(dayIn ? 1 : 0);
  await expect(
    page.getByRole('region', { name: 'Requests' }).getByText('No limit', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/Billing period/)).toBeVisible();

  // The Ask form warns before a run is started.
  await nav(page, 'Deals').click();
  await openDealByKeyboard(page, 'Harbour');
  await expect(page.getByText('Only 4 of 100 runs left in this billing period.')).toBeVisible();
  // Tokens stop runs too: the form says so.
  await expect(
    page.getByText(
      'The tokens quota of this billing period is used up. Starting a run will probably be refused.',
    ),
  ).toBeVisible();

  app.demo.control.setUsage({ runs: 100 });
  await nav(page, 'Usage').click();
  await expect(page.getByRole('meter', { name: 'Runs' })).toHaveAttribute('aria-valuenow', '100');
  await page.goBack();
  await expect(page.getByText(/All 100 runs of this billing period are used/)).toBeVisible();
});
