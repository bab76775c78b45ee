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

  // The Ask form says the one limit that matters, once: the tokens used up stop runs too, so
  // Ask is disabled with that as its reason (the runs nearly used up are not said beside it).
  await nav(page, 'Deals').click();
  await openDealByKeyboard(page, 'Harbour');
  const form = page.getByRole('region', { name: 'Ask about this deal' });
  const ask = form.getByRole('button', { name: 'Ask', exact: true });
  await expect(
    form.getByText(/^Your team has used its allowance for answers this month; it resets on /),
  ).toBeVisible();
  await expect(ask).toBeDisabled();
  await expect(form.getByRole('status')).toHaveCount(1);

  // With only runs limited, 4 of 100 left is a warning and Ask stays on.
  app.demo.control.setLimits({ requests: null, runs: 100, tokens: null });
  await nav(page, 'Usage').click();
  await expect(page.getByRole('meter', { name: 'Runs' })).toHaveAttribute('aria-valuenow', '96');
  await page.goBack();
  await expect(form.getByText('Only 4 of 100 runs left in this billing period.')).toBeVisible();
  await expect(ask).toBeEnabled();

  app.demo.control.setUsage({ runs: 100 });
  await nav(page, 'Usage').click();
  await expect(page.getByRole('meter', { name: 'Runs' })).toHaveAttribute('aria-valuenow', '100');
  await page.goBack();
  await expect(
    form.getByText(/^Your team has used its 100 runs this month; they reset on/),
  ).toBeVisible();
  await expect(ask).toBeDisabled();
});
