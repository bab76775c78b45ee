// Live runs from a deal: stream in and finish, cancel midway, fail with an error, keep streaming
// while the user is elsewhere; and the history with paging.
import { expect, test } from '../support/fixtures';
import { askAgent, createRunsOnService, nav, openDealByKeyboard } from './helpers';

test('a run streams in, keeps going on another screen, and finishes', async ({ app, page }) => {
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Harbour');
  const run = await askAgent(page, 'Deal coach', 'What should I do this week?');
  await expect(run.getByText('You asked')).toBeVisible();
  const output = run.getByRole('region', { name: /Output of Deal coach/ });
  await expect(output).toContainText('Deal coach', { timeout: 15_000 });
  // The message field is free for the next question.
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  // Away and back while it streams: the text is still there and still growing.
  await nav(page, 'Today').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await page.goBack();
  const again = page.getByRole('article', { name: 'Run Deal coach' }).first();
  await expect(again.getByText('succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(again.getByRole('region', { name: /Output of Deal coach/ })).toContainText(
    'Next steps',
  );
  await expect(again.getByText(/tokens/)).toBeVisible();
  await expect(again.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  // A finished run's text is read back from its transcript after the panel was closed.
  await nav(page, 'Today').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await page.goBack();
  await expect(
    page
      .getByRole('article', { name: 'Run Deal coach' })
      .first()
      .getByRole('region', { name: /Output of Deal coach/ }),
  ).toContainText('Next steps');

  // Every raw event is there on demand.
  await again.getByRole('button', { name: 'Raw events' }).click();
  await expect(
    again.getByRole('region', { name: 'Raw events' }).getByRole('button').first(),
  ).toBeVisible();
});

test('a run can be cancelled midway', async ({ app, page }) => {
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Caledonian');
  const run = await askAgent(page, 'Email writer', 'Draft a long follow-up email');
  await expect(run.getByRole('region', { name: /Output of Email writer/ })).not.toContainText(
    'Waiting for the first words',
    { timeout: 15_000 },
  );
  await run.getByRole('button', { name: 'Cancel' }).click();
  await expect(run.getByText('cancelled', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(run.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('a run that fails shows its error with code and message, and Retry starts it again', async ({
  app,
  page,
}) => {
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Northwind');
  const run = await askAgent(page, 'Deal coach', 'Please break #fail');
  await expect(run.getByText('failed', { exact: true })).toBeVisible({ timeout: 30_000 });
  const error = run.getByRole('alert');
  await expect(error).toContainText('The run failed');
  await expect(error.getByText('Code')).toBeVisible();

  await run.getByRole('button', { name: 'Retry' }).click();
  const runs = page.getByRole('article', { name: 'Run Deal coach' });
  await expect(runs.first().getByText('You asked')).toBeVisible();
  await expect(page.getByText('Earlier runs on this deal (1)')).toBeVisible();
});

test.describe('history', () => {
  test.use({ appOptions: { demo: { pacing: 'instant' } } });

  test('pages through runs with previous and next, and filters by status', async ({
    app,
    page,
  }) => {
    await createRunsOnService(app, 12);
    await app.open(page, '#/runs');
    const history = page.getByRole('region', { name: 'History' });
    await history.getByLabel('Per page').selectOption('10');
    await expect(history.getByText(/^Runs 1–10/)).toBeVisible();
    await expect(history.getByRole('table').getByRole('row')).toHaveCount(11);
    await history.getByRole('button', { name: /Next/ }).click();
    await expect(history.getByText(/^Runs 11–12/)).toBeVisible();
    await expect(page).toHaveURL(/offset=10/);
    await expect(history.getByRole('button', { name: /Next/ })).toBeDisabled();
    await history.getByRole('button', { name: /Previous/ }).click();
    await expect(history.getByText(/^Runs 1–10/)).toBeVisible();

    await history.getByLabel('Status').selectOption('failed');
    await expect(history.getByText('No failed runs')).toBeVisible();

    await history.getByLabel('Status').selectOption('');
    await history.getByRole('table').getByRole('link').first().click();
    await expect(page).toHaveURL(/#\/runs\/[^/?]+$/);
    await expect(page.getByRole('region', { name: 'Record' })).toBeVisible();
    await expect(page.getByRole('link', { name: /All runs/ })).toBeVisible();
  });
});
