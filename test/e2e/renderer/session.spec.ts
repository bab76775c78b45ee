// An expired session: the app asks to sign in again, and neither the running run nor the typed
// message is lost; after signing in, Retry starts the question that was refused.
import { expect, test } from '../support/fixtures';
import { askAgent, openDealByKeyboard } from './helpers';

test('an expired session asks to sign in; the run and the typed message survive it', async ({
  app,
  page,
}) => {
  app.demo.control.setPacing(40);
  await app.open(page, '#/deals');
  await openDealByKeyboard(page, 'Harbour');
  const run = await askAgent(page, 'Deal coach', 'First question');
  await expect(run.getByRole('region', { name: /Output of Deal coach/ })).not.toContainText(
    'Waiting for the first words',
    { timeout: 15_000 },
  );

  app.demo.control.expireSession(app.demo.token);
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('My next question, carefully typed');
  await page.getByRole('button', { name: 'Ask', exact: true }).click();

  const banner = page.getByRole('alert').filter({ hasText: 'typed messages and runs are kept' });
  await expect(banner).toBeVisible();
  await expect(page.getByText('The run did not start.')).toBeVisible();
  await expect(message).toHaveValue('My next question, carefully typed');

  await banner.getByRole('button', { name: 'Sign in again' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Use this token' }).click();
  await expect(dialog.getByText('Paste the session token.')).toBeVisible();
  await dialog.getByLabel('Session token').fill(app.newSessionToken());
  await dialog.getByRole('button', { name: 'Use this token' }).click();
  await expect(dialog).toBeHidden();
  await expect(banner).toBeHidden();

  // The first run went on, and the refused question is still there to retry.
  await expect(message).toHaveValue('My next question, carefully typed');
  await expect(run.getByText('Done', { exact: true })).toBeVisible({ timeout: 45_000 });
  await page
    .getByRole('alert')
    .filter({ hasText: 'The run did not start.' })
    .getByRole('button', { name: 'Retry' })
    .click();
  await expect(page.getByText('My next question, carefully typed').first()).toBeVisible();
  await expect(message).toHaveValue('');
  const earlier = page.getByRole('region', { name: 'Runs on this deal' }).locator('.earlier-runs');
  await expect(earlier.getByRole('heading', { name: 'Earlier runs on this deal' })).toBeVisible();
  await expect(earlier.getByRole('listitem')).toHaveCount(1);
});
