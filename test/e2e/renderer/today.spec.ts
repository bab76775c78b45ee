// Today: the morning briefing and the next meeting, rendered from their fields; deal references
// open the deal; a start while the service is down shows the saved briefing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowserMode } from '../../../electron/web/browser-mode';
import { startApp } from '../support/app';
import { expect, test } from '../support/fixtures';

test('Today shows both briefings, rendered, with deal references that open the deal', async ({
  app,
  page,
}) => {
  await app.open(page, '#/today');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  const morning = page.getByRole('region', { name: /Good morning/ });
  await expect(morning).toBeVisible();
  // Markdown is rendered, not shown raw.
  await expect(morning.getByText('**')).toHaveCount(0);
  await expect(morning.locator('strong').first()).toBeVisible();
  await expect(
    morning.getByRole('heading', { name: 'Closing in the next three weeks', exact: true }),
  ).toBeVisible();
  await expect(morning.getByRole('table').first()).toBeVisible();
  await expect(morning.getByText(/Updated/).first()).toBeVisible();

  const meeting = page.getByRole('region', { name: /call|demo|meeting|review/i }).last();
  await expect(meeting.getByRole('heading', { name: 'Agenda' })).toBeVisible();

  const chip = morning
    .getByRole('list', { name: /Deals in/ })
    .first()
    .getByRole('link')
    .first();
  const dealName = (await chip.textContent()) ?? '';
  await chip.click();
  await expect(page).toHaveURL(/#\/deals\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 2, name: dealName })).toBeVisible();
});

test('a start while the service is down shows the saved briefing, marked as such', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const dataDir = await mkdtemp(join(tmpdir(), 'assistant-e2e-offline-'));
  try {
    const first = await startApp({ dataDir });
    const baseUrl = first.demo.baseUrl;
    let headline: string;
    try {
      await first.open(page, '#/today');
      const title = page
        .getByRole('region', { name: /Good morning/ })
        .getByRole('heading', { level: 2 });
      await expect(title).toBeVisible();
      headline = (await title.textContent()) ?? '';
    } finally {
      await first.stop();
    }

    // Same data directory and service address, but nothing answers there any more.
    const mode = await startBrowserMode({
      port: 0,
      dataDir,
      rendererDir: join(process.cwd(), 'out', 'renderer'),
      baseUrl,
      token: 'expired-or-not-it-cannot-be-checked',
      scheduler: false,
    });
    try {
      await page.goto(mode.urlFor('#/today'));
      const morning = page.getByRole('region', { name: /Good morning/ });
      await expect(morning.getByRole('heading', { level: 2 })).toHaveText(headline);
      await expect(morning.getByText('Saved copy')).toBeVisible();
      await expect(page.getByText(/cannot be reached|offline/i).first()).toBeVisible();
    } finally {
      await mode.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
