// Settings tell the truth about the service: a change of service leaves nothing of the old one on
// any screen, signing in with a pasted token shows the new organisation without a reload, and an
// address pinned by ASSISTANT_BASE_URL cannot be edited (and says why).
import AxeBuilder from '@axe-core/playwright';
import { startDemoService, type DemoService } from '../../../electron/demo-service';
import { expect, test } from '../support/fixtures';
import { nav, openAdvanced } from './helpers';

test.describe('a service given in Settings', () => {
  test.use({ appOptions: { service: 'settings' } });

  let other: DemoService;
  test.beforeEach(async () => {
    other = await startDemoService({ profile: 'hubspot', pacing: 'instant' });
  });
  test.afterEach(async () => {
    await other.stop();
  });

  test('a change of service drops the old one’s data at once; a pasted token signs in without a reload', async ({
    app,
    page,
  }) => {
    const oldDeal = app.demo.control.deals()[0]?.name ?? '';
    await app.open(page, '#/deals');
    await expect(page.getByRole('option').filter({ hasText: oldDeal })).toBeVisible();
    const sidebar = page.getByRole('complementary');
    await expect(sidebar).toContainText('Northwind Demo Sales');
    // The user by name; the id only in the tooltip, for IT.
    await expect(sidebar.getByTitle(/usr_demo_alex/)).toHaveCount(1);

    // A wrong address is refused next to the field, and nothing is saved.
    await nav(page, 'Settings').click();
    await openAdvanced(page);
    const connection = page.getByRole('region', { name: 'Service connection' });
    const address = connection.getByLabel('Service address');
    await expect(address).toHaveValue(app.demo.baseUrl);
    await address.fill('ftp://files.example.com/api/v1/assistant');
    await connection.getByRole('button', { name: 'Save connection' }).click();
    await expect(connection.getByText('Enter an https:// address.')).toBeVisible();

    const changed = app.nextEvent('service.changed');
    await address.fill(other.baseUrl);
    await connection.getByRole('button', { name: 'Save connection' }).click();
    await changed;

    // Nothing of the old service, anywhere: the account, the sidebar, the deals.
    const account = page.getByRole('region', { name: 'Account and service' });
    await expect(account).not.toContainText('Northwind Demo Sales');
    await expect(sidebar).not.toContainText('Northwind Demo Sales');
    await expect(sidebar.getByTitle(/usr_demo_alex/)).toHaveCount(0);
    const session = page.getByRole('region', { name: 'Session' });
    await expect(session.getByText('Signed out')).toBeVisible();
    await nav(page, 'Deals').click();
    await expect(page.getByText(oldDeal)).toHaveCount(0);
    await nav(page, 'Today').click();
    await expect(page.getByRole('main')).not.toContainText('Northwind');

    // Signing in to the new service with a pasted token: its organisation shows by itself.
    await nav(page, 'Settings').click();
    await session.getByRole('button', { name: 'Paste a session token' }).click();
    await session.getByLabel('Session token').fill(other.control.createSession());
    await session.getByRole('button', { name: 'Use this token' }).click();
    await openAdvanced(page);
    await expect(account).toContainText('Contoso Growth Team');
    await expect(sidebar).toContainText('Contoso Growth Team');
    await expect(sidebar.getByTitle(/usr_hs_jonas/)).toHaveCount(1);
    await nav(page, 'Deals').click();
    const newDeal = other.control.deals()[0]?.name ?? '';
    await expect(page.getByRole('option').filter({ hasText: newDeal })).toBeVisible();
  });
});

test('an address pinned by ASSISTANT_BASE_URL is read-only and says why', async ({ app, page }) => {
  await app.open(page, '#/settings');
  await openAdvanced(page);
  const connection = page.getByRole('region', { name: 'Service connection' });
  const address = connection.getByLabel('Service address');
  await expect(address).toHaveValue(app.demo.baseUrl);
  await expect(address).not.toBeEditable();
  await expect(address).toHaveAccessibleDescription(/Set by ASSISTANT_BASE_URL/);
  // Read-only still reads well: no serious or critical axe finding in the section.
  const results = await new AxeBuilder({ page })
    .include('#settings-account')
    .include('section[aria-labelledby="conn-h"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => v.id)).toEqual([]);
});
