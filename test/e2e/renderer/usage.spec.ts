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
    runsCard.getByText(/^At 100%, new runs are refused until the quota resets on/),
  ).toBeVisible();
  // The demo's period is the calendar month: a day in, 96 runs is a pace that runs out first, or,
  // in its last day or two, one that uses about all of it by the end ("about 100%", Intl's
  // percent: no space in English).
  const period = app.demo.control.usage().billingPeriod;
  const dayIn = Date.now() - Date.parse(period.start) >= 86_400_000;
  await expect(
    runsCard.getByText(/^At this pace, (runs run out on|about \d+% will be used)/),
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

// One time zone: the period's last day on Usage, the reset day of its quota cards and of the Ask
// form's used-up message, and the forecast's day all come from the user's zone. Tokyo is where the
// period read in UTC and the forecast in local time disagreed; Honolulu is where the reset falls
// within a local day (at 14:00), a day before its UTC date.
for (const zone of ['Asia/Tokyo', 'Pacific/Honolulu']) {
  test.describe(`the billing period in ${zone}`, () => {
    test.use({ timezoneId: zone, locale: 'en-GB' });

    test('Usage, the quota message and the forecast agree on the period’s end and the reset day', async ({
      app,
      page,
    }) => {
      const period = app.demo.control.usage().billingPeriod;
      const start = Date.parse(period.start);
      const end = Date.parse(period.end);
      // Two and a half days before the reset, 96 of 100 runs used: the 4 left run out within the
      // period at its pace (the forecast's rule: used so far over time so far).
      const now = end - 2.5 * 86_400_000;
      const outAt = now + (4 * (now - start)) / 96;
      await page.clock.setFixedTime(new Date(now));
      app.demo.control.setLimits({ requests: null, runs: 100, tokens: null });
      app.demo.control.setUsage({ runs: 96, inputTokens: 0, outputTokens: 0 });

      const inZone = (at: number, options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone }).format(at);
      const dayKey = (at: number) =>
        inZone(at, { year: 'numeric', month: '2-digit', day: '2-digit' });
      const dayNumber = (at: number) => {
        const [d, m, y] = dayKey(at).split('/').map(Number);
        return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) / 86_400_000;
      };
      // The reset day is the user's day of the instant the next period starts; the period's last
      // day the one before it.
      const resetDay = inZone(end, { day: 'numeric', month: 'long' });
      const lastDayAt = (dayNumber(end) - 1) * 86_400_000;
      const lastDay = new Intl.DateTimeFormat('en-GB', {
        dateStyle: 'medium',
        timeZone: 'UTC',
      }).format(lastDayAt);
      const daysBefore = dayNumber(lastDayAt + 43_200_000) - dayNumber(outAt);
      const daysLeft = dayNumber(lastDayAt + 43_200_000) - dayNumber(now);

      await app.open(page, '#/usage');
      await expect(page.getByText(/^Billing period /)).toContainText(
        `– ${lastDay} · ${daysLeft === 1 ? '1 day' : `${daysLeft} days`} left`,
      );
      const runsCard = page.getByRole('region', { name: 'Runs' });
      await expect(runsCard.getByText(/until the quota resets on/)).toHaveText(
        `At 100%, new runs are refused until the quota resets on ${resetDay}.`,
      );
      const outDay = inZone(outAt, { weekday: 'short', day: 'numeric', month: 'short' });
      const before =
        daysBefore === 0
          ? 'the last day of the period'
          : `${daysBefore === 1 ? '1 day' : `${daysBefore} days`} before the period ends`;
      await expect(runsCard.getByText(/^At this pace/)).toHaveText(
        `At this pace, runs run out on ${outDay}, ${before}.`,
      );

      // Used up: the Ask form's message names the same reset day (Usage loads the new count).
      app.demo.control.setUsage({ runs: 100 });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByRole('meter', { name: 'Runs' })).toHaveAttribute(
        'aria-valuenow',
        '100',
      );
      await nav(page, 'Deals').click();
      await openDealByKeyboard(page, 'Harbour');
      const form = page.getByRole('region', { name: 'Ask about this deal' });
      await expect(form.getByText(/^Your team has used its 100 runs/)).toContainText(
        `they reset on ${resetDay}.`,
      );
    });
  });
}
