// A first start that leads somewhere: the demo says on Today what it is, and "Connect your
// company's service" leads to the Settings that do it, the service address ready to type.
import { expect, test } from '../support/fixtures';

// As a user's first start finds it: the address is theirs to change in Settings.
test.use({ appOptions: { service: 'settings' } });

test('the demo says so on Today, and Connect leads to the service address field', async ({
  app,
  page,
}) => {
  await app.open(page, '#/today');
  const notice = page.getByRole('region', { name: 'Demo data' });
  await expect(notice).toContainText('You’re looking at demo data');
  await expect(notice).toBeInViewport();

  await notice.getByRole('link', { name: 'Connect your company’s service' }).click();
  await expect(page).toHaveURL(/#\/settings\/connection$/);
  const address = page
    .getByRole('region', { name: 'Service connection' })
    .getByLabel('Service address');
  await expect(address).toBeFocused();
  await expect(address).toBeInViewport();
  await expect(address).toBeEditable();
});
