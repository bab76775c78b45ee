// The inbox in the real renderer, against the demo service, with the backend's clock driven by the
// test: what was raised while no page was open is shown to the page that connects later (one
// toast) and counted on the bell; the panel lists it by day, newest first; opening an entry goes to
// its target and marks it read; Mark all read; the read state survives a restart of the host;
// keyboard only, and axe clean in both themes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startApp, type RunningApp } from '../support/app';
import { expect, test } from '../support/fixtures';
import { audit } from './helpers';

const DAY_MS = 86_400_000;
/** Only quota warnings: the briefings' notifications depend on the time of day. */
const QUOTA_ONLY = {
  notifications: { enabled: { 'morning-briefing': false, 'meeting-briefing': false } },
  // The demo's next meeting is within the hour: its prep would be told too (auto-prep.spec.ts).
  autoPrep: { mode: 'off' },
};

const bell = (page: Page) =>
  page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', {
    name: /^Notifications/,
  });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const toasts = (page: Page) =>
  page.getByRole('region', { name: 'Recent notifications' }).getByRole('status');

/** Moves the runs used to `runs` of 100 and has the host check now; resolves once it is in. */
async function raiseQuota(app: RunningApp, runs: number, unread: number): Promise<void> {
  app.demo.control.setLimits({ runs: 100 });
  app.demo.control.setUsage({ runs });
  const landed = app.nextEvent('inbox.changed', (inbox) => inbox.unread === unread);
  // Back online is one of the moments the host checks at once.
  app.mode.backend.onNetworkChange(true);
  await landed;
}

test('a warning raised with no page open is shown to the page that connects 10 s later, and kept across restarts', async ({
  page,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'assistant-e2e-inbox-'));
  let current = Date.now();
  const options = { dataDir, scheduler: true, now: () => new Date(current), settings: QUOTA_ONLY };
  let app = await startApp(options);
  try {
    await raiseQuota(app, 85, 1);
    current += 10_000;
    await app.open(page, '#/today');
    await expect(toasts(page).filter({ hasText: '80% of runs quota used' })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await app.stop();

    // The host restarts: the entry is still there, unread, and not toasted a second time.
    current += 60_000;
    app = await startApp(options);
    await app.open(page, '#/today');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(page).click();
    await panel(page)
      .getByRole('button', { name: /80% of runs quota used/ })
      .click();
    await expect(page).toHaveURL(/#\/usage$/);
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(toasts(page)).toHaveCount(0);
    await app.stop();

    // And again: read stays read.
    app = await startApp(options);
    await app.open(page, '#/today');
    await bell(page).click();
    const entry = panel(page).getByRole('button', { name: /80% of runs quota used/ });
    await expect(entry).toBeVisible();
    await expect(entry).not.toHaveAccessibleName(/unread/);
    await expect(panel(page).getByText('All read', { exact: true })).toBeVisible();
  } finally {
    await app.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test.describe('the panel', () => {
  let current = Date.now();
  test.use({
    appOptions: { scheduler: true, now: () => new Date(current), settings: QUOTA_ONLY },
  });

  test('lists by day, opens an entry by keyboard and reads it, and marks all read', async ({
    app,
    page,
  }) => {
    // One warning yesterday, a higher one today, both while no page was open.
    current = Date.now() - DAY_MS;
    await raiseQuota(app, 85, 1);
    current = Date.now();
    await raiseQuota(app, 96, 2);

    await app.open(page, '#/today');
    // Several at once: one summary toast, which opens the inbox.
    const summary = toasts(page).filter({ hasText: '2 things while you were away' });
    await expect(summary).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
    await summary.getByRole('button', { name: /^2 things while you were away/ }).click();
    await expect(panel(page)).toBeVisible();
    const today = panel(page).getByRole('region', { name: 'Today' });
    const yesterday = panel(page).getByRole('region', { name: 'Yesterday' });
    await expect(today.getByRole('listitem')).toHaveText([/95% of runs quota used/]);
    await expect(yesterday.getByRole('listitem')).toHaveText([/80% of runs quota used/]);
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();

    // Keyboard only: to the bell, open, to the newest entry, follow it.
    await bell(page).focus();
    await page.keyboard.press('Enter');
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Close notifications' })).toBeFocused();
    await page.keyboard.press('Tab');
    const newest = today.getByRole('button', { name: /95% of runs quota used/ });
    await expect(newest).toBeFocused();
    await expect(newest).toHaveAccessibleName(/unread$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/usage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
    await expect(panel(page)).toBeHidden();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

    await bell(page).click();
    await expect(newest).not.toHaveAccessibleName(/unread/);
    await expect(
      yesterday.getByRole('button', { name: /80% of runs quota used/ }),
    ).toHaveAccessibleName(/unread$/);
    await panel(page).getByRole('button', { name: 'Mark all read' }).click();
    await expect(panel(page).getByText('All read', { exact: true })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(
      app.mode.backend.handlers['inbox.list']({}, { host: 'test' }),
    ).resolves.toMatchObject({ unread: 0 });
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`passes axe with unread and read entries (${colorScheme})`, async ({ app, page }) => {
      // Each axe run takes seconds, many more on a loaded machine (as in a11y.spec.ts).
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme });
      current = Date.now() - DAY_MS;
      await raiseQuota(app, 85, 1);
      current = Date.now();
      await raiseQuota(app, 96, 2);
      await app.open(page, '#/today');
      await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
      await audit(page, `the sidebar with the bell (${colorScheme})`);
      await bell(page).click();
      await panel(page)
        .getByRole('button', { name: /80% of runs quota used/ })
        .click();
      await bell(page).click();
      await expect(panel(page).getByRole('listitem')).toHaveCount(2);
      await audit(page, `the inbox panel (${colorScheme})`);
    });
  }
});
