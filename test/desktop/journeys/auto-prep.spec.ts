// Prep that starts itself (#38), on the desktop: the embedded demo's next meeting is 20 to 50
// minutes away at launch, past its prep time (60 minutes before), so core prepares it at once;
// when the answer is ready one native notification says so ("Your prep for … is ready"), and its
// click brings the window forward on the answer, which Today then shows as read.
import { expect, test } from '../fixtures';
import { profileWith } from './support';

const READY = /^Your prep for .+ is ready$/;

test('the prep’s native notification arrives, and its click opens the prep', async ({
  launchApp,
}) => {
  const app = await launchApp({
    userDataDir: await profileWith({
      // Only the prep's notice: the briefings' depend on the time of day.
      notifications: {
        enabled: { 'morning-briefing': false, 'meeting-briefing': false, quota: false },
      },
    }),
  });
  const page = await app.appWindow();
  await expect
    .poll(async () => (await app.notifications()).filter((n) => READY.test(n.title)).length, {
      timeout: 60_000,
    })
    .toBe(1);
  const index = (await app.notifications()).findIndex((n) => READY.test(n.title));

  // The user had gone elsewhere (the window closed to the tray) and then clicks the notification.
  await page.evaluate("location.hash = '#/deals'");
  await app.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
  await expect.poll(() => app.appWindowVisible()).toBe(false);
  await app.clickNotification(index);
  await expect.poll(() => app.appWindowVisible()).toBe(true);
  await expect(page).toHaveURL(/#\/runs\/[^/]+$/);
  const runId = decodeURIComponent(new URL(page.url()).hash.replace('#/runs/', ''));
  await expect(page.locator(`article.run[data-run-id="${runId}"]`)).toBeVisible();

  // Opened is read: Today's card offers it without "New".
  await page.evaluate("location.hash = '#/today'");
  const prep = page
    .getByRole('region', { name: /^Next meeting/ })
    .getByRole('region', { name: 'Your prep' });
  await expect(prep.getByRole('button', { name: 'Read the prep' })).toBeVisible();
  await expect(prep.getByText('New', { exact: true })).toHaveCount(0);
});
