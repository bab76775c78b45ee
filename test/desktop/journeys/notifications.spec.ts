// The morning briefing falls due while the app runs: it shows as a native notification, and
// clicking it brings the window forward on the briefing.
import { expect, test } from '../fixtures';
import { profileWith } from './support';

/** The local clock time a few minutes ago (the morning time just passed). */
function justPassed(): string {
  const at = new Date(Date.now() - 3 * 60_000);
  if (at.getDate() !== new Date().getDate()) return '00:00';
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

test('a briefing notification shows natively and its click opens the briefing', async ({
  launchApp,
}) => {
  const app = await launchApp({
    userDataDir: await profileWith({
      notifications: {
        morningTime: justPassed(),
        morningDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        morningCatchUpMinutes: 720,
      },
    }),
  });
  const page = await app.appWindow();
  await expect
    .poll(() => app.notifications(), { timeout: 30_000 })
    .toContainEqual(expect.objectContaining({ title: 'Morning briefing' }));
  const index = (await app.notifications()).findIndex((n) => n.title === 'Morning briefing');

  // The user had gone elsewhere (the window closed to the tray) and then clicks the notification.
  await page.evaluate("location.hash = '#/runs'");
  await app.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
  await expect.poll(() => app.appWindowVisible()).toBe(false);
  await app.clickNotification(index);
  await expect.poll(() => app.appWindowVisible()).toBe(true);
  await expect(page).toHaveURL(/#\/today/);
  await expect(page.getByText('Morning briefing').first()).toBeVisible();
});
