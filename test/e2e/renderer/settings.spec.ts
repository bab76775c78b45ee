// Settings: the account and service from the metadata, inline validation, the theme override,
// and diagnostics for IT.
import { expect, test } from '../support/fixtures';

test.use({ colorScheme: 'light' });

test('shows the service, validates inline and overrides the theme', async ({ app, page }) => {
  await app.open(page, '#/settings');
  const service = page.getByRole('region', { name: 'Account and service' });
  await expect(service.getByText('Northwind Demo Sales')).toBeVisible();
  await expect(service.getByText('Demo', { exact: true })).toBeVisible();
  await expect(service.getByText('runs:write')).toBeVisible();
  await expect(service.getByText('This service does not offer API tokens.')).toBeVisible();

  // A wrong address is refused next to the field, and nothing is saved.
  const connection = page.getByRole('region', { name: 'Service connection' });
  const address = connection.getByLabel('Service address');
  await address.fill('ftp://files.example.com/api/v1/assistant');
  await connection.getByRole('button', { name: 'Save connection' }).click();
  await expect(connection.getByText('Enter an http:// or https:// address.')).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await address.fill('');

  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await notifications.getByLabel('Morning briefing at').fill('25:00');
  await notifications.getByRole('button', { name: 'Save notifications' }).click();
  await expect(notifications.getByText('Use a 24-hour time such as 08:30.')).toBeVisible();

  // The OS says light; the user chooses dark, and it stays dark after a reload.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('radio', { name: 'Match the system' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // Diagnostics: copied, or shown for copying by hand where the clipboard is not allowed.
  await page.getByRole('button', { name: 'Copy diagnostics' }).click();
  await expect(
    page.getByText('Diagnostics copied').or(page.getByRole('textbox', { name: 'Diagnostics' })),
  ).toBeVisible();
});
