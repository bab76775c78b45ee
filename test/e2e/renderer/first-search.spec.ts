// The morning's first search: keys typed the moment the app has loaded, before the deal search or
// the palette (each loaded on first use) is on screen, all reach the field in order, and Enter
// opens the deal typed, not whatever the list held a moment before. Fresh page loads in a loop,
// since only the first search after a start raced its screen's code.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demoDeal } from './helpers';

const REPEATS = 10;
const KEY_DELAY_MS = 60;

test.use({ appOptions: { demo: { pacing: 'instant' } } });

async function typeRightAfterLoad(page: Page, opener: string, text: string): Promise<void> {
  await page.keyboard.press(opener);
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
  await page.keyboard.press('Enter');
}

test('the first search after a start opens the deal typed, by / and by Ctrl+K', async ({
  app,
  page,
}) => {
  const leman = demoDeal(app, 'Léman');
  const contoso = demoDeal(app, 'Contoso');
  for (let i = 0; i < REPEATS; i += 1) {
    await app.open(page, '#/today');
    await typeRightAfterLoad(page, '/', 'leman');
    await expect(page.getByRole('combobox', { name: 'Search deals' })).toHaveValue('leman');
    await expect(page).toHaveURL(new RegExp(`#/deals/${leman.id}$`));
    await expect(page.getByRole('heading', { level: 2, name: leman.name })).toBeVisible();

    await app.open(page, '#/today');
    await typeRightAfterLoad(page, 'Control+k', 'contoso');
    await expect(page).toHaveURL(new RegExp(`#/deals/${contoso.id}$`));
    await expect(page.getByRole('heading', { level: 2, name: contoso.name })).toBeVisible();
  }
});
