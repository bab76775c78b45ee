// The host's notifications show as in-app toasts in browser mode; clicking one opens its screen,
// and a toast can be dismissed without leaving the screen.
import { expect, test } from '../support/fixtures';

test.use({ appOptions: { scheduler: true } });

test('a quota warning shows as a toast that opens Usage', async ({ app, page }) => {
  app.demo.control.setLimits({ runs: 100 });
  app.demo.control.setUsage({ runs: 85 });
  await app.open(page, '#/settings');
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(notifications.getByRole('checkbox', { name: 'Meeting briefings' })).toBeChecked();

  // A change of notification settings makes the scheduler look again: the quota is at 85 %.
  const warned = app.nextEvent('notification', (n) => n.kind === 'quota');
  await notifications.getByRole('checkbox', { name: 'Meeting briefings' }).uncheck();
  await notifications.getByRole('button', { name: 'Save notifications' }).click();
  await expect(notifications.getByText('Saved.')).toBeVisible();
  const notification = await warned;

  const toasts = page.getByRole('region', { name: 'Recent notifications' });
  const toast = toasts.getByRole('status').filter({ hasText: notification.title });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: notification.title, exact: false }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expect(toast).toHaveCount(0);

  // Other toasts (the morning briefing, say) can be dismissed where they are.
  for (const close of await toasts.getByRole('button', { name: /^Dismiss/ }).all()) {
    await close.click();
  }
  await expect(toasts.getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
});
