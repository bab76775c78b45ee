// Settings: the account and service from the metadata, inline validation, the theme override,
// and diagnostics for IT.
import { expect, test } from '../support/fixtures';
import { openAdvanced } from './helpers';

test.use({ colorScheme: 'light' });

test('shows the service, validates inline and overrides the theme', async ({ app, page }) => {
  await app.open(page, '#/settings');
  // What a salesperson changes comes first; the service's details wait under Advanced.
  await expect(page.getByRole('region', { name: 'Account and service' })).toBeHidden();
  await openAdvanced(page);
  const service = page.getByRole('region', { name: 'Account and service' });
  await expect(service.getByText('Northwind Demo Sales')).toBeVisible();
  await expect(service.getByText('Demo', { exact: true })).toBeVisible();
  await expect(service.getByText('runs:write')).toBeVisible();
  await expect(service.getByText('This service does not offer API tokens.')).toBeVisible();

  // A wrong sign-in address is refused next to the field, and nothing is saved. (The service
  // address itself: service-change.spec.ts.)
  const connection = page.getByRole('region', { name: 'Service connection' });
  const signIn = connection.getByLabel('Sign-in page');
  await signIn.fill('ftp://files.example.com/login');
  await connection.getByRole('button', { name: 'Save connection' }).click();
  await expect(connection.getByText('Enter an https:// address.')).toBeVisible();
  await expect(signIn).toHaveAttribute('aria-invalid', 'true');
  // Plain http to another computer would expose the password and session: refused too.
  await signIn.fill('http://crm.example.com/login');
  await connection.getByRole('button', { name: 'Save connection' }).click();
  await expect(connection.getByText(/plain http is allowed only on this computer/)).toBeVisible();
  await signIn.fill('');

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
  await openAdvanced(page);
  await page.getByRole('button', { name: 'Copy diagnostics' }).click();
  await expect(
    page.getByText('Diagnostics copied').or(page.getByRole('textbox', { name: 'Diagnostics' })),
  ).toBeVisible();
});

test('says which desktop features browser mode lacks, and why, instead of failing silently', async ({
  app,
  page,
}) => {
  await app.open(page, '#/settings');
  const desktop = page.getByRole('region', { name: 'On this computer' });
  const features = desktop.getByRole('list', { name: 'Desktop features' });
  const line = (label: string) => features.getByRole('listitem').filter({ hasText: label });
  await expect(line('Tray icon')).toContainText('Not available. Browser mode has no tray icon');
  await expect(line('Global shortcut')).toContainText(
    'Not available. A browser page cannot register shortcuts outside itself',
  );
  await expect(line('Open at login')).toContainText(
    'Not available. Browser mode cannot start at login',
  );
  await expect(line("System's Do not disturb")).toContainText('Not available.');
  await expect(line('Notifications')).toContainText('Available. Shown inside the page');

  // The settings it concerns are there, switched off, with the reason next to them.
  const system = page.getByRole('region', { name: 'System' });
  const launch = system.getByRole('checkbox', { name: 'Open Assistant when I log in' });
  await expect(launch).toBeDisabled();
  await expect(launch).toHaveAccessibleDescription(/only the desktop app can/i);
  const shortcut = system.getByRole('textbox', { name: 'Global shortcut' });
  await expect(shortcut).toBeDisabled();
  await expect(shortcut).toHaveAccessibleDescription(
    /Only the desktop app can have a global shortcut/,
  );

  // Do not disturb and each kind of notification can be switched here.
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(notifications.getByRole('checkbox', { name: /Do not disturb/ })).toBeVisible();
  for (const kind of [
    'Morning briefing',
    'Meeting briefings',
    'Quota warnings',
    /^Finished runs/,
  ]) {
    await expect(notifications.getByRole('checkbox', { name: kind })).toBeChecked();
  }
});
