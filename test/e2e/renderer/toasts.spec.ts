// Browser mode shows the host's notifications as in-app toasts, and following one opens its
// screen: a run that finished while the user was in another tab (the run's page), the quota that
// run pushed past 80 % (Usage), a meeting briefing (its briefing on Today), and a meeting's
// "Prepare" (the prep agent's run on the meeting's deal).
import type { BrowserContext, Page } from '@playwright/test';
import type { RunningApp } from '../support/app';
import { expect, test } from '../support/fixtures';
import {
  askAgent,
  createRunOnService,
  demoDeal,
  openDealByKeyboard,
  savedSettings,
} from './helpers';

test.use({ appOptions: { scheduler: true } });

const toasts = (page: Page) => page.getByRole('region', { name: 'Recent notifications' });

/**
 * Playwright makes every page report focus; a real browser tab loses it when the user switches
 * to another. Turned off (after loading: a new document turns it back on), opening a second
 * page really takes focus from the app's page.
 */
async function letPageLoseFocus(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
}

test('a run that finishes in the background, and the quota it crosses, show as toasts that open their screens', async ({
  app,
  page,
  context,
}) => {
  // This run will be the 8th of 10: 80 % of the runs quota.
  app.demo.control.setLimits({ runs: 10 });
  app.demo.control.setUsage({ runs: 7 });
  await app.open(page, '#/deals');
  await letPageLoseFocus(context, page);
  await openDealByKeyboard(page, 'Harbour');
  // Slow enough that the user is in another tab before it ends.
  app.demo.control.setPacing(2);
  await askAgent(page, 'Deal coach', 'What should I do this week?');

  // The user switches to another tab; the app's page tells its host it lost focus.
  const other = await context.newPage();
  await expect.poll(() => app.mode.isWindowFocused()).toBe(false);
  const finished = app.nextEvent('notification', (n) => n.kind === 'run-finished');
  const warned = app.nextEvent('notification', (n) => n.kind === 'quota');
  app.demo.control.setPacing('instant');
  const runNotification = await finished;
  const quotaNotification = await warned;

  // Back to the app: both are waiting as toasts.
  await other.close();
  await page.bringToFront();
  const runToast = toasts(page).getByRole('status').filter({ hasText: 'Deal coach answered' });
  const quotaToast = toasts(page).getByRole('status').filter({ hasText: quotaNotification.title });
  await expect(runToast).toContainText(/Harbour.* · Done/);
  await expect(quotaToast).toBeVisible();

  await runToast.getByRole('button', { name: /^Deal coach answered/ }).click();
  const runId = runNotification.navigate?.id ?? '';
  expect(runId).not.toBe('');
  await expect(page).toHaveURL(new RegExp(`#/runs/${runId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Deal coach' })).toBeVisible();
  // That run: its id, for support, is under the panel's Details.
  await expect(page.getByTitle('Run ID').first()).toHaveText(runId);
  await expect(page.getByText('Done', { exact: true }).first()).toBeVisible();
  await expect(runToast).toHaveCount(0);

  await quotaToast
    .getByRole('button', { name: quotaNotification.title, exact: false })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Runs' })).toHaveAttribute('aria-valuenow', '8');
  await expect(quotaToast).toHaveCount(0);

  // Others (the morning briefing, say) can be dismissed where they are.
  for (const close of await toasts(page)
    .getByRole('button', { name: /^Dismiss/ })
    .all()) {
    await close.click();
  }
  await expect(toasts(page).getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
});

/** Asks for meeting notifications an hour ahead (the demo's next meeting is 20–50 min away). */
async function announceNextMeeting(app: RunningApp, page: Page) {
  await app.open(page, '#/settings');
  const settings = page.getByRole('region', { name: 'Notifications', exact: true });
  const announced = app.nextEvent('notification', (n) => n.kind === 'meeting-briefing');
  await settings.getByLabel('Prepare meetings with').selectOption({ label: 'Deal coach' });
  await expect(settings.getByText('Saved.')).toBeVisible();
  // The lead is saved as its field is left.
  await settings.getByLabel('Minutes before a meeting').fill('60');
  await settings.getByLabel('Minutes before a meeting').press('Tab');
  await expect
    .poll(async () => (await savedSettings(app)).notifications.meetingLeadMinutes)
    .toBe(60);
  const notification = await announced;
  const toast = toasts(page).getByRole('status').filter({ hasText: notification.title });
  await expect(toast).toBeVisible();
  return { notification, toast };
}

test('a meeting briefing toast opens that briefing', async ({ app, page }) => {
  const { notification, toast } = await announceNextMeeting(app, page);
  await toast.getByRole('button', { name: notification.title, exact: false }).first().click();
  await expect(page).toHaveURL(/#\/today\/meeting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  // The meeting's briefing is brought into view and focus.
  const heading = page
    .getByRole('region', { name: /^Next meeting/ })
    .getByRole('heading', { level: 2 });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(toast).toHaveCount(0);
});

test('Prepare on a meeting toast starts the prep agent on the meeting deal and opens the run', async ({
  app,
  page,
}) => {
  const { toast } = await announceNextMeeting(app, page);
  const briefing = (await (
    await fetch(`${app.demo.baseUrl}/briefings/meeting`, {
      headers: { cookie: `sb-access-token=${app.demo.token}` },
    })
  ).json()) as { data: { dealId: string } };

  await toast.getByRole('button', { name: 'Prepare', exact: true }).click();
  await expect(page).toHaveURL(/#\/runs\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Deal coach' })).toBeVisible();
  const runId = decodeURIComponent(new URL(page.url()).hash.replace('#/runs/', ''));
  const run = app.demo.control.getRun(runId);
  expect(run?.agentId).toBe('sales.deal_coach');
  expect(run?.context).toMatchObject({ dealId: briefing.data.dealId });
  await expect(toast).toHaveCount(0);
});

test('a confirmation stays on the screen it confirms: “Output copied” goes when the user moves on', async ({
  app,
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  app.demo.control.setPacing('instant');
  const runId = await createRunOnService(app, {
    agentId: 'sales.deal_coach',
    message: 'What are the risks on this deal?',
    dealId: demoDeal(app, 'Harbour').id,
  });
  await app.demo.control.waitForRun(runId);
  await app.open(page, `#/runs/${encodeURIComponent(runId)}`);
  await page.getByRole('button', { name: 'Copy', exact: true }).first().click();
  const copied = toasts(page).getByRole('status').filter({ hasText: 'Output copied' });
  await expect(copied).toBeVisible();
  // The pointer rests on it, which holds it from going by itself: only the move may take it.
  await copied.hover();
  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expect(copied).toHaveCount(0);
});
