// A second launch with an `assistant://` deal link: the second instance leaves at once, and the
// one window of the first comes forward on that deal.
import { APP_URL } from '../driver/types';
import { expect, test } from '../fixtures';
import { firstDeal } from './support';

test('a second launch with a deal link focuses the one window and opens that deal', async ({
  launchApp,
}) => {
  const first = await launchApp();
  const page = await first.appWindow();
  await expect(page.getByText('Morning briefing').first()).toBeVisible({ timeout: 30_000 });
  const deal = await firstDeal(page);
  // The user had closed the window to the tray.
  await first.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.close());
  await expect.poll(() => first.appWindowVisible()).toBe(false);

  const second = await launchApp({
    userDataDir: first.userDataDir,
    args: [`assistant://deal/${deal.id}`],
  });
  expect(await second.exited()).toBe(0);

  await expect.poll(() => first.appWindowVisible()).toBe(true);
  await expect(page).toHaveURL(APP_URL);
  await expect(page.getByRole('heading', { name: deal.title }).first()).toBeVisible();
  expect(
    await first.evaluateMain(({ BrowserWindow }) => BrowserWindow.getAllWindows().length),
  ).toBe(1);
});
